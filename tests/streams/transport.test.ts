import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '../../protocol';
import { createTransport, type ConnectionState, type Transport } from '../../streams/transport';

const URL = 'ws://exchange.test/ws';

/** A stand-in server that records what each connection sent. */
const startServer = ({ answersPings = true } = {}) => {
  const server = new Server(URL);
  const connections: Array<{ sent: ClientMessage[]; close(): void; send(m: unknown): void }> = [];
  server.on('connection', (socket) => {
    const entry = {
      sent: [] as ClientMessage[],
      close: () => socket.close(),
      send: (m: unknown) => socket.send(JSON.stringify(m)),
    };
    connections.push(entry);
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ClientMessage;
      entry.sent.push(msg);
      // As the real gateway does: a silent socket is one the transport gives up.
      if (answersPings && msg.op === 'ping') entry.send({ op: 'pong', ts: msg.ts, serverTs: msg.ts });
    });
  });
  return { server, connections };
};

let transport: Transport | undefined;
let server: ReturnType<typeof startServer> | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});

afterEach(() => {
  transport?.close();
  server?.server.stop();
  transport = undefined;
  server = undefined;
  vi.useRealTimers();
});

const make = (opts: { staleMs?: number; pongTimeoutMs?: number } = {}) =>
  createTransport({
    url: URL,
    WebSocket: MockWebSocket,
    random: () => 0.5,
    minDelayMs: 1000,
    maxDelayMs: 8000,
    pingMs: 15_000,
    staleMs: opts.staleMs ?? 30_000,
    pongTimeoutMs: opts.pongTimeoutMs ?? 5_000,
  });

const states = (t: Transport) => {
  const seen: ConnectionState[] = [];
  t.connection$.subscribe((s) => seen.push(s));
  return seen;
};

/** A transport whose socket is open and has heard its first ticker message, with what it has said
 * of itself since: its connection states and whether its data may be old. */
const tickersHeard = async (opts: Parameters<typeof make>[0] = {}) => {
  transport = make(opts);
  const seen = states(transport);
  let stale: boolean | undefined;
  transport.stale$.subscribe((s) => (stale = s));
  transport.channel$('tickers').subscribe();
  await vi.advanceTimersByTimeAsync(100);
  server!.connections[0]!.send({ ch: 'tickers', seq: 1, ts: 1, data: [] });
  expect(stale).toBe(false);
  return { seen, stale: () => stale };
};

const subs = (sent: ClientMessage[]) =>
  sent.filter((m) => m.op === 'sub').flatMap((m) => (m as { ch: string[] }).ch);

describe('the socket transport', () => {
  it('opens when the first stream needs it and subscribes its channel', async () => {
    server = startServer();
    transport = make();
    const seen = states(transport);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.connections).toHaveLength(0);
    const got: unknown[] = [];
    transport.channel$('tickers').subscribe((m) => got.push(m.data));
    await vi.advanceTimersByTimeAsync(100);
    expect(server.connections).toHaveLength(1);
    expect(subs(server.connections[0]!.sent)).toEqual(['tickers']);
    expect(seen).toEqual(['connecting', 'open']);
    server.connections[0]!.send({ ch: 'tickers', seq: 1, ts: 1, data: ['x'] });
    server.connections[0]!.send({ ch: 'trades.btcusdt', seq: 1, ts: 1, data: ['not mine'] });
    expect(got).toEqual([['x']]);
  });

  it('reconnects with backoff, sends nothing while offline, and replays every subscription on open', async () => {
    server = startServer();
    transport = make();
    const seen = states(transport);
    let reconnects = 0;
    transport.reconnects$.subscribe((n) => (reconnects = n));
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    // Keep the connection up past the library's minimum uptime so its retry count resets.
    await vi.advanceTimersByTimeAsync(6000);

    server.server.close();
    await vi.advanceTimersByTimeAsync(10);
    expect(seen[seen.length - 1]).toBe('reconnecting');
    // Subscribed while offline: nothing is queued to be sent later.
    const depth = transport.channel$('depth.btcusdt').subscribe();
    await vi.advanceTimersByTimeAsync(10);
    server = startServer();
    // The first retry waits the base delay (jitter fixed at the middle here), not at once.
    await vi.advanceTimersByTimeAsync(900);
    expect(server.connections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.connections).toHaveLength(1);
    expect(subs(server.connections[0]!.sent).sort()).toEqual(['depth.btcusdt', 'tickers']);
    expect(server.connections[0]!.sent.filter((m) => m.op === 'sub')).toHaveLength(1);
    expect(seen[seen.length - 1]).toBe('open');
    expect(reconnects).toBe(1);

    depth.unsubscribe();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.connections[0]!.sent).toContainEqual({ op: 'unsub', ch: ['depth.btcusdt'] });
  });

  it('waits longer after each failed attempt, up to the cap', async () => {
    server = startServer();
    transport = make();
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(6100);
    server.server.close();
    const attempts: number[] = [];
    const started = Date.now();
    const Counting = class extends MockWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        attempts.push(Date.now() - started);
      }
    };
    transport.close();
    transport = createTransport({
      url: URL,
      WebSocket: Counting,
      random: () => 0.5,
      minDelayMs: 1000,
      maxDelayMs: 4000,
    });
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(30_000);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    // 1000 · 1.6ⁿ, capped at 4000 (plus the library's connection bookkeeping of a few ms).
    expect(gaps.slice(0, 4).map((g) => Math.round(g / 100) * 100)).toEqual([1000, 1600, 2600, 4000]);
    expect(Math.max(...gaps)).toBeLessThan(4100);
  });

  it('gives up a socket whose ping goes unanswered, and keeps one that answers', async () => {
    server = startServer({ answersPings: false });
    const { seen, stale } = await tickersHeard({ pongTimeoutMs: 5_000 });
    // The ping sent on open is unanswered, though a message came after it was sent: anything heard
    // proves the socket alive, so only silence since the ping counts.
    await vi.advanceTimersByTimeAsync(4_800);
    expect(server.connections).toHaveLength(1);
    expect(stale()).toBe(false);
    // The next ping (15 s) goes unanswered for 5 s.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(stale()).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(stale()).toBe(true);
    expect(seen).toContain('reconnecting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.connections.length).toBeGreaterThanOrEqual(2);

    transport!.close();
    server.server.stop();
    server = startServer();
    transport = make({ pongTimeoutMs: 5_000 });
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.connections).toHaveLength(1);
  });

  it('gives up the socket at once when the browser goes offline, and tries again when it is back', async () => {
    server = startServer();
    const { seen, stale } = await tickersHeard();
    server.server.stop();
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(10);
    expect(stale()).toBe(true);
    expect(seen.at(-1)).toBe('reconnecting');
    // Back long before the backoff's next try (up to 8 s here): the socket opens at once.
    await vi.advanceTimersByTimeAsync(3_000);
    server = startServer();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(100);
    expect(server.connections).toHaveLength(1);
    expect(subs(server.connections[0]!.sent)).toEqual(['tickers']);
    expect(seen.at(-1)).toBe('open');
  });

  it('says it is not connected when the browser goes offline before the first socket opened', async () => {
    server = startServer();
    const seen = states((transport = make()));
    transport.channel$('tickers').subscribe();
    expect(seen.at(-1)).toBe('connecting');
    window.dispatchEvent(new Event('offline'));
    expect(seen.at(-1)).toBe('reconnecting');
  });

  it('stays closed while the browser says it is offline, however long, and opens once it is back', async () => {
    server = startServer();
    await tickersHeard();
    const onLine = (value: boolean) =>
      Object.defineProperty(navigator, 'onLine', { value, configurable: true });
    try {
      onLine(false);
      window.dispatchEvent(new Event('offline'));
      // The network is there for the stand-in server: a try would open at once, and none is made.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(server.connections).toHaveLength(1);
      onLine(true);
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(100);
      expect(server.connections).toHaveLength(2);
    } finally {
      onLine(true);
    }
  });

  it('skips the backoff its failed tries grew when told the server is back', async () => {
    server = startServer();
    const seen = states((transport = make()));
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    server.server.stop();
    // Down long enough for the backoff to reach its cap (8 s here).
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen.at(-1)).toBe('reconnecting');
    server = startServer();
    transport.retryNow();
    await vi.advanceTimersByTimeAsync(100);
    expect(server.connections).toHaveLength(1);
    expect(subs(server.connections[0]!.sent)).toEqual(['tickers']);
    expect(seen.at(-1)).toBe('open');
  });

  it('reconnects a socket that has been silent past the stale time', async () => {
    server = startServer({ answersPings: false });
    transport = make({ staleMs: 30_000, pongTimeoutMs: 120_000 });
    let stale: boolean | undefined;
    transport.stale$.subscribe((s) => (stale = s));
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    server.connections[0]!.send({ ch: 'tickers', seq: 1, ts: 1, data: [] });
    expect(stale).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    server.connections[0]!.send({ ch: 'tickers', seq: 2, ts: 1, data: [] });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(server.connections.length).toBeGreaterThanOrEqual(2);
    expect(subs(server.connections[1]!.sent)).toEqual(['tickers']);
  });

  it('asks again for private channels after a login, and drops the login on logout', async () => {
    server = startServer();
    transport = make();
    transport.channel$('balances').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    const first = server.connections[0]!;
    transport.setToken('tok');
    await vi.advanceTimersByTimeAsync(10);
    expect(first.sent.slice(-2)).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'sub', ch: ['balances'] },
    ]);
    transport.setToken(null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.connections.length).toBeGreaterThanOrEqual(2);
    expect(server.connections.at(-1)!.sent.map((m) => m.op)).not.toContain('auth');
  });

  it('pings on open and then on its interval, and sends the token before the subscriptions', async () => {
    server = startServer();
    transport = make();
    transport.setToken('tok');
    transport.channel$('orders').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    const sent = server.connections[0]!.sent;
    expect(sent.map((m) => m.op)).toEqual(['auth', 'sub', 'ping']);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.filter((m) => m.op === 'ping')).toHaveLength(2);
  });

  it('pings when the page is shown again (a phone woken), and no more once closed', async () => {
    server = startServer();
    transport = make();
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    const pings = () => server!.connections[0]!.sent.filter((m) => m.op === 'ping').length;
    expect(pings()).toBe(1);
    const show = async (state: 'visible' | 'hidden') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(10);
    };
    await show('hidden');
    expect(pings()).toBe(1);
    await show('visible');
    expect(pings()).toBe(2);
    transport.close();
    await show('visible');
    expect(pings()).toBe(2);
  });

  it('tries at once, its backoff skipped, when a phone is woken with its socket down', async () => {
    server = startServer();
    const seen = states((transport = make()));
    transport.channel$('tickers').subscribe();
    await vi.advanceTimersByTimeAsync(100);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    // Asleep while the server was out of reach: the backoff grew to its cap (8 s here).
    server.server.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen.at(-1)).toBe('reconnecting');
    server = startServer();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(100);
    expect(server.connections).toHaveLength(1);
    expect(subs(server.connections[0]!.sent)).toEqual(['tickers']);
    expect(seen.at(-1)).toBe('open');
  });
});
