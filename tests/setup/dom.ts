import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// A tap that closes a sheet or goes back catches the second tap of a double tap for a moment
// (src/app/secondTap.ts). Tests tap faster than any finger, so the clock that times it moves on a
// second between tests, and when a test says the reader has moved on.
const realNow = performance.now.bind(performance);
let skipped = 0;
performance.now = () => realNow() + skipped;

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
