import { render, screen, waitFor } from '@testing-library/react';
import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '../../../../protocol';
import { WS_PATH } from '../../../../protocol/ws';
import type * as Streams from '../../../../src/app/streams';
import type * as Screen from '../../../../src/screens/test/Diagnostics';
import { setupI18n } from '../../../setup/i18n';

/** The server's clock runs this far ahead of the device's. */
const AHEAD_MS = 90_000;

let streams: typeof Streams;
let Diagnostics: typeof Screen.Diagnostics;
let server: Server;
const sent: ClientMessage[] = [];
/** Pongs held back until released, as on a connection that has not answered yet. */
let held: Array<() => void> | null = [];

beforeAll(async () => {
  await setupI18n();
  // A stand-in server that answers pings with its clock; the app's socket is built on import from
  // window.WebSocket, so mock-socket is stubbed in before the screen is imported.
  server = new Server(`ws://${window.location.host}${WS_PATH}`);
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ClientMessage;
      sent.push(msg);
      if (msg.op !== 'ping') return;
      const pong = () => socket.send(JSON.stringify({ op: 'pong', ts: msg.ts, serverTs: msg.ts + AHEAD_MS }));
      if (held) held.push(pong);
      else pong();
    }),
  );
  vi.stubGlobal('WebSocket', MockWebSocket);
  streams = await import('../../../../src/app/streams');
  ({ Diagnostics } = await import('../../../../src/screens/test/Diagnostics'));
});

afterAll(() => {
  streams.transport.close();
  server.stop();
  vi.unstubAllGlobals();
});

const channels = (op: 'sub' | 'unsub') =>
  sent.flatMap((m) => (m.op === op ? (m as { ch: string[] }).ch : []));

const serverOffset = () => screen.getByText('Server clock offset (socket)').nextElementSibling;

describe('/test diagnostics', () => {
  it('opens the socket itself, so what it reports is a connection it made and measured', async () => {
    const view = render(<Diagnostics />);
    await waitFor(() => expect(screen.getByTestId('socket-state')).toHaveTextContent('Connected'));
    expect(channels('sub')).toEqual(['tickers']);
    await waitFor(() => expect(sent.some((m) => m.op === 'ping')).toBe(true));
    // Until a pong has come back nothing is measured: "0 ms" read as a clock found right.
    expect(serverOffset()).toHaveTextContent(/^—$/);
    held!.forEach((pong) => pong());
    held = null;
    const offset = await screen.findByText(/^\d+ ms$/);
    expect(Math.abs(Number.parseInt(offset.textContent!, 10) - AHEAD_MS)).toBeLessThan(1000);
    // The language by its name, as /lang lists it, not its code.
    expect(screen.getByText('English')).toBeInTheDocument();
    view.unmount();
    await waitFor(() => expect(channels('unsub')).toEqual(['tickers']));
  });
});
