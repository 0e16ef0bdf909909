import '@testing-library/jest-dom/vitest';
import { cleanup, configure, fireEvent } from '@testing-library/react';
import { afterEach } from 'vitest';
import { guardDoubleTaps } from '../../src/app/secondTap';

// As the app does at start: a tap that takes away what was under it catches the second tap of a
// double tap for a moment (src/app/secondTap.ts). Tests tap faster than any finger, so the clock
// that times it moves on a second between tests, and when a test says the reader has moved on.
guardDoubleTaps();

// findBy and waitFor give up after a second by default; with the whole suite and other work on two
// cores, a test waiting for a refused verification's form failed that way under load, never alone.
// Waiting longer changes no outcome: what a test expects still has to appear (within the test's
// own five seconds, so a failure still shows the screen as it was).
configure({ asyncUtilTimeout: 3000 });
const realNow = performance.now.bind(performance);
let skipped = 0;
performance.now = () => realNow() + skipped;

/** A finger's tap on `el`, at a point of the screen (jsdom lays nothing out: every tap is at the
 * same point unless told). A plain `fireEvent.click` is a click without a tap, as a key makes. */
export const tap = (el: Element, at: { x: number; y: number } = { x: 0, y: 0 }) =>
  fireEvent.click(el, { detail: 1, clientX: at.x, clientY: at.y });

/** Moves the clock past a double tap: the taps after it are new ones. */
export const afterDoubleTap = () => {
  skipped += 1000;
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  afterDoubleTap();
});

// A jsdom test has no server to dial. jsdom's own WebSocket would reach for whatever listens on
// localhost, and the app socket's retry after the refusal can outlive the test file's window (an
// unhandled "window is not defined" once the file is done). A test that opens the app's socket
// stubs in mock-socket (vi.stubGlobal) or mocks src/app/streams; one that forgets fails here.
window.WebSocket = class {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  constructor(url: string | URL) {
    throw new Error(`a jsdom test dialled ${String(url)}: stub in mock-socket or mock src/app/streams`);
  }
} as unknown as typeof WebSocket;

// jsdom has no matchMedia. Report reduced motion so the particle layer (canvas) stays off in tests.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
