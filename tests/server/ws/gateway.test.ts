import net from 'node:net';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../protocol';
import { installErrorHandler } from '../../../server/http/errorHandler';
import { installGateway, type Gateway, type GatewayOptions } from '../../../server/ws/gateway';
import { JsonText } from '../../../server/wire/jsonText';
import { CATALOGUED_MESSAGES } from '../helpers/messages';
import { attemptSocket } from '../helpers/wsAttempt';
import { fakeMarket } from './fakeMarket';

let app: FastifyInstance | undefined;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await app?.close();
  app = undefined;
});

const start = async (opts: Partial<GatewayOptions> = {}) => {
  const fake = fakeMarket();
  app = Fastify({ logger: false });
  installErrorHandler(app);
  const gateway: Gateway = await installGateway(app, {
    market: fake.market,
    tokens: {
      verify: async (token) => (token === 'good' ? { userId: 7 } : token === 'other' ? { userId: 9 } : null),
    },
    flushMs: 20,
    ...opts,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { fake, gateway, url: `${address.replace('http', 'ws')}/ws` };
};

/** A real client that records every message it receives. */
const connect = async (url: string) => {
  const ws = new WebSocket(url);
  sockets.push(ws);
  const messages: Array<ServerMessage & Record<string, unknown>> = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  await new Promise((r) => ws.once('open', r));
  const send = (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  const waitFor = async (pred: (all: typeof messages) => boolean, ms = 2000) => {
    const until = Date.now() + ms;
    while (!pred(messages)) {
      if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(messages).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { ws, messages, send, waitFor };
};

const onChannel = (messages: Array<Record<string, unknown>>, ch: string) =>
  messages.filter((m) => m.ch === ch && 'seq' in m);

describe('the WebSocket gateway', () => {
  it('delivers a subscribed channel with a continuous seq, and nothing after unsub', async () => {
    const { fake, url } = await start();
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['trades.btcusdt'] });
    c.send({ op: 'ping', ts: 1 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    for (let i = 0; i < 5; i++) {
      fake.emit((l) => l.trades?.('btcusdt', [{ id: i, price: '1.00', qty: '1', side: 'buy', ts: i }]));
    }
    fake.emit((l) => l.trades?.('ethusdt', [{ id: 99, price: '1.00', qty: '1', side: 'buy', ts: 1 }]));
    await c.waitFor((m) => onChannel(m, 'trades.btcusdt').length === 5);
    expect(onChannel(c.messages, 'trades.btcusdt').map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    c.send({ op: 'unsub', ch: ['trades.btcusdt'] });
    c.send({ op: 'ping', ts: 2 });
    await c.waitFor((m) => m.filter((x) => x.op === 'pong').length === 2);
    fake.emit((l) => l.trades?.('btcusdt', [{ id: 6, price: '1.00', qty: '1', side: 'buy', ts: 6 }]));
    c.send({ op: 'ping', ts: 3 });
    await c.waitFor((m) => m.filter((x) => x.op === 'pong').length === 3);
    expect(onChannel(c.messages, 'trades.btcusdt')).toHaveLength(5);
    expect(c.messages.some((m) => m.ch === 'trades.ethusdt')).toBe(false);
  });

  it('answers a plain request for the socket’s path, with no upgrade, in the envelope', async () => {
    const { url } = await start();
    const page = new URL(url.replace('ws', 'http'));
    const plain = await fetch(page);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toMatchObject({ code: 404, msg: 'app.msg.not_found' });
    const head = await fetch(page, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers a malformed handshake in the envelope, naming the versions it speaks when the version is wrong', async () => {
    const { url } = await start();
    const { host, pathname } = new URL(url);
    const handshake = (key: string, version: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.once('close', () => resolve(text));
        socket.once('error', reject);
        socket.write(
          `GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: ${version}\r\n\r\n`,
        );
      });
    const answer = (text: string) => {
      const at = text.indexOf('\r\n\r\n');
      return { head: text.slice(0, at).split('\r\n'), body: JSON.parse(text.slice(at + 4)) as unknown };
    };
    const envelope = { code: 400, msg: 'app.msg.parameter_error', data: null };
    const goodKey = 'dGhlIHNhbXBsZSBub25jZQ==';

    const badKey = answer(await handshake('not-a-key', '13'));
    expect(badKey.head[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(badKey.head).toContain('Content-Type: application/json; charset=utf-8');
    expect(badKey.head).not.toContain('Sec-WebSocket-Version: 13, 8');
    expect(badKey.body).toEqual(envelope);

    const badVersion = answer(await handshake(goodKey, '12'));
    expect(badVersion.head[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(badVersion.head).toContain('Sec-WebSocket-Version: 13, 8');
    expect(badVersion.body).toEqual(envelope);

    // A well-formed handshake is still upgraded.
    await connect(url);
  });

  it('answers a ping with the client’s ts and the server clock', async () => {
    const { url } = await start();
    const c = await connect(url);
    const before = Date.now();
    c.send({ op: 'ping', ts: 42 });
    await c.waitFor((m) => m.length === 1);
    expect(c.messages[0]).toMatchObject({ op: 'pong', ts: 42 });
    expect(c.messages[0]!.serverTs as number).toBeGreaterThanOrEqual(before);
  });

  it('sends the depth snapshot first, then diffs whose prev is the last seq', async () => {
    const { fake, url } = await start();
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['depth.btcusdt'] });
    await c.waitFor((m) => m.length === 1);
    expect(c.messages[0]).toMatchObject({
      ch: 'depth.btcusdt',
      seq: 7,
      data: { kind: 'snapshot', bids: [['100.00', '1.000']], asks: [['101.00', '2.000']] },
    });
    fake.emit((l) => l.depth?.('btcusdt', { seq: 8, prev: 7, ts: 2, bids: [['100.00', '0']], asks: [] }));
    fake.emit((l) => l.depth?.('btcusdt', { seq: 9, prev: 8, ts: 3, bids: [], asks: [['101.00', '3.000']] }));
    await c.waitFor((m) => m.length === 3);
    expect(c.messages.slice(1).map((m) => [m.seq, (m.data as { prev: number }).prev])).toEqual([
      [8, 7],
      [9, 8],
    ]);
  });

  it('frames each message once and sends the same text to every subscriber', async () => {
    const { fake, url } = await start();
    const a = await connect(url);
    const b = await connect(url);
    const raw: string[][] = [[], []];
    a.ws.on('message', (d) => raw[0]!.push(d.toString()));
    b.ws.on('message', (d) => raw[1]!.push(d.toString()));
    for (const c of [a, b]) {
      c.send({ op: 'sub', ch: ['kline.btcusdt.1m'] });
      c.send({ op: 'ping', ts: 0 });
      await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    }
    fake.emit((l) => l.kline?.('btcusdt', '1m', { t: 0, o: '1', h: '2', l: '1', c: '2', v: '3' }));
    await a.waitFor((m) => m.some((x) => x.ch === 'kline.btcusdt.1m'));
    await b.waitFor((m) => m.some((x) => x.ch === 'kline.btcusdt.1m'));
    expect(raw[0]![raw[0]!.length - 1]).toBe(raw[1]![raw[1]!.length - 1]);
  });

  it('batches tickers: the newest of each pair per flush', async () => {
    const { fake, url } = await start({ flushMs: 60 });
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['tickers'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    for (let i = 0; i < 50; i++) fake.ticker({ pair: i % 2 ? 'btcusdt' : 'ethusdt', last: String(i) });
    await c.waitFor((m) => onChannel(m, 'tickers').length === 1);
    const batch = onChannel(c.messages, 'tickers')[0]!.data as Array<{ pair: string; last: string }>;
    expect(batch.map((t) => [t.pair, t.last]).sort()).toEqual([
      ['btcusdt', '49'],
      ['ethusdt', '48'],
    ]);
  });

  it('batches candles with the tickers: the newest of each candle per flush, a closed one before the next', async () => {
    const { fake, url } = await start({ flushMs: 60 });
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['kline.btcusdt.1m', 'tickers'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    const candle = (t: number, close: number) => ({ t, o: '1', h: '9', l: '1', c: String(close), v: '3' });
    for (let i = 0; i < 30; i++) {
      fake.emit((l) => l.kline?.('btcusdt', '1m', candle(0, i)));
      fake.ticker({ pair: 'btcusdt', last: String(i) });
    }
    // The minute turns within the same flush.
    fake.emit((l) => l.kline?.('btcusdt', '1m', candle(60_000, 30)));
    fake.ticker({ pair: 'btcusdt', last: '30' });
    await c.waitFor((m) => onChannel(m, 'tickers').length === 1);
    const klines = onChannel(c.messages, 'kline.btcusdt.1m').map((m) => m.data as { t: number; c: string });
    expect(klines.map((k) => [k.t, k.c])).toEqual([
      [0, '29'],
      [60_000, '30'],
    ]);
    const tickers = onChannel(c.messages, 'tickers')[0]!.data as Array<{ last: string }>;
    // The chart's last candle and the price beside it arrive together, at the same price.
    expect(tickers[0]!.last).toBe(klines.at(-1)!.c);
  });

  it('answers unknown channels and bad messages with catalogued errors and stays open', async () => {
    const { url } = await start();
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['kline.btcusdt.2m', 'depth.nopeusdt', 'weather'] });
    c.send('not json');
    c.send({ op: 'dance' });
    c.send({ op: 'sub', ch: 'tickers' });
    await c.waitFor((m) => m.length === 6);
    expect(c.messages).toEqual([
      { op: 'error', msg: 'app.msg.unknown_channel', ch: 'kline.btcusdt.2m' },
      { op: 'error', msg: 'app.msg.unknown_channel', ch: 'depth.nopeusdt' },
      { op: 'error', msg: 'app.msg.unknown_channel', ch: 'weather' },
      { op: 'error', msg: 'app.msg.parameter_error' },
      { op: 'error', msg: 'app.msg.parameter_error' },
      { op: 'error', msg: 'app.msg.parameter_error' },
    ]);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('answers any message a client may send with a catalogued error at most, and stays open', async () => {
    // Hundreds of messages in a row, some of them refused logins: more than a socket's budget and
    // its allowance of refused logins, which are tested on their own below.
    const { url } = await start({ messageBurst: 1_000_000, maxFailedAuths: 1_000_000 });
    const c = await connect(url);
    const junk = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.json(),
      fc.record(
        {
          op: fc.oneof(
            fc.constantFrom('sub', 'unsub', 'auth', 'ping', 'pong', ''),
            fc.string({ maxLength: 8 }),
          ),
          ch: fc.oneof(
            fc.constantFrom('tickers', 'orders', 'trades.btcusdt', 'depth.', 'kline.btcusdt.1m', 'kline..'),
            fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
            fc.anything(),
          ),
          token: fc.oneof(fc.string({ maxLength: 600 }), fc.anything()),
          ts: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(junk, async (message) => {
        c.send(typeof message === 'string' ? message : JSON.stringify(message));
        // A ping after each: its pong says the junk was dealt with and the socket still answers.
        const ts = c.messages.length + 1_000_000;
        c.send({ op: 'ping', ts });
        await c.waitFor((all) => all.some((m) => m.op === 'pong' && m.ts === ts));
        return c.messages.every((m) => m.op !== 'error' || CATALOGUED_MESSAGES.has(m.msg as string));
      }),
      { numRuns: 300 },
    );
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', resolve));

  it('closes a socket sending faster than its budget, told why, and serves the others', async () => {
    const { url } = await start({ messageBurst: 5, messagesPerSecond: 0.001 });
    const flood = await connect(url);
    const calm = await connect(url);
    const closed = closeCode(flood.ws);
    for (let i = 0; i < 7; i++) flood.send({ op: 'ping', ts: i });
    expect(await closed).toBe(1008);
    expect(flood.messages.filter((m) => m.op === 'pong').map((m) => m.ts)).toEqual([0, 1, 2, 3, 4]);
    expect(flood.messages.at(-1)).toEqual({ op: 'error', msg: 'app.msg.too_many_requests' });
    calm.send({ op: 'ping', ts: 9 });
    await calm.waitFor((m) => m.some((x) => x.op === 'pong' && x.ts === 9));
  });

  it('refills the budget with time, so a steady client is never cut off', async () => {
    const { url } = await start({ messageBurst: 2, messagesPerSecond: 50 });
    const c = await connect(url);
    for (let i = 0; i < 10; i++) {
      c.send({ op: 'ping', ts: i });
      await c.waitFor((m) => m.some((x) => x.op === 'pong' && x.ts === i));
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('charges an auth, which looks a session up, as ten messages', async () => {
    const { url } = await start({ messageBurst: 25, messagesPerSecond: 0.001 });
    const c = await connect(url);
    const closed = closeCode(c.ws);
    for (let i = 0; i < 3; i++) c.send({ op: 'auth', token: `made-up-${i}` });
    expect(await closed).toBe(1008);
    expect(c.messages.map((m) => m.msg)).toEqual([
      'app.msg.session_expired',
      'app.msg.session_expired',
      'app.msg.too_many_requests',
    ]);
  });

  it('closes a socket after its third refused login, each one told', async () => {
    const { url } = await start();
    const c = await connect(url);
    const closed = closeCode(c.ws);
    c.send({ op: 'auth', token: 'bad-1' });
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'auth', token: 'bad-2' });
    c.send({ op: 'auth', token: 'bad-3' });
    expect(await closed).toBe(1008);
    expect(c.messages.map((m) => m.msg)).toEqual(Array(3).fill('app.msg.session_expired'));
  });

  it('lets one address hold only so many sockets, and another once one closes', async () => {
    const { url } = await start({ connectionsPerAddress: 2 });
    const first = await connect(url);
    await connect(url);
    const attempt = () => attemptSocket(url, sockets);
    expect(await attempt()).toBe(429);
    const closed = closeCode(first.ws);
    first.ws.close();
    await closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(await attempt()).toBe('open');
  });

  it('caps subscriptions per connection', async () => {
    const { url } = await start({ maxSubscriptions: 2 });
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['tickers', 'trades.btcusdt', 'trades.btcusdt', 'depth.ethusdt'] });
    await c.waitFor((m) => m.some((x) => x.op === 'error'));
    expect(c.messages.filter((m) => m.op === 'error')).toEqual([
      { op: 'error', msg: 'app.msg.subscription_limit', ch: 'depth.ethusdt' },
    ]);
  });

  it('refuses private channels until a valid token is given, then delivers only that user’s messages', async () => {
    const { gateway, url } = await start();
    const c = await connect(url);
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'auth', token: 'bad' });
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    gateway.publishPrivate(8, 'orders', { id: 'someone else' });
    gateway.publishPrivate(7, 'orders', { id: 'mine' });
    // As the spot thread's order views arrive: their JSON text, embedded as it is.
    gateway.publishPrivate(7, 'orders', new JsonText('{"id":"mine, encoded"}'));
    await c.waitFor((m) => onChannel(m, 'orders').length === 2);
    expect(c.messages.filter((m) => m.op === 'error').map((m) => m.msg)).toEqual([
      'app.msg.not_logged_in',
      'app.msg.session_expired',
    ]);
    expect(onChannel(c.messages, 'orders').map((m) => m.data)).toEqual([
      { id: 'mine' },
      { id: 'mine, encoded' },
    ]);
    expect(onChannel(c.messages, 'orders').map((m) => m.seq)).toEqual([1, 2]);
  });

  it('stops sending the previous user’s private messages when the socket logs in as someone else', async () => {
    const { gateway, url } = await start();
    const c = await connect(url);
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'auth', token: 'other' });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    gateway.publishPrivate(7, 'orders', { id: 'previous user' });
    c.send({ op: 'ping', ts: 1 });
    await c.waitFor((m) => m.filter((x) => x.op === 'pong').length === 2);
    expect(onChannel(c.messages, 'orders')).toEqual([]);
  });

  it('stops a socket hearing private messages once its session ends, told why, public channels kept', async () => {
    const live = new Set(['good', 'other']);
    let epoch = 0;
    const { fake, gateway, url } = await start({
      tokens: {
        verify: async (token) => (live.has(token) ? { userId: token === 'good' ? 7 : 9 } : null),
        epoch: async () => epoch,
      },
      sessionCheckMs: 10,
    });
    const ended = await connect(url);
    const kept = await connect(url);
    ended.send({ op: 'auth', token: 'good' });
    kept.send({ op: 'auth', token: 'other' });
    for (const c of [ended, kept]) {
      c.send({ op: 'sub', ch: ['orders', 'trades.btcusdt'] });
      c.send({ op: 'ping', ts: 0 });
      await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    }
    live.delete('good');
    epoch += 1;
    await ended.waitFor((m) => m.some((x) => x.op === 'error'));
    gateway.publishPrivate(7, 'orders', { id: 'after logout' });
    gateway.publishPrivate(9, 'orders', { id: 'still here' });
    fake.emit((l) => l.trades?.('btcusdt', [{ id: 1, price: '1', qty: '1', side: 'buy', ts: 1 }]));
    await ended.waitFor((m) => onChannel(m, 'trades.btcusdt').length === 1);
    await kept.waitFor((m) => onChannel(m, 'orders').length === 1);
    expect(ended.messages.filter((m) => m.op === 'error')).toEqual([
      { op: 'error', msg: 'app.msg.session_expired' },
    ]);
    expect(onChannel(ended.messages, 'orders')).toEqual([]);
    expect(onChannel(kept.messages, 'orders').map((m) => m.data)).toEqual([{ id: 'still here' }]);
    // Subscribing again needs a new login.
    ended.send({ op: 'sub', ch: ['orders'] });
    await ended.waitFor((m) => m.filter((x) => x.op === 'error').length === 2);
    expect(ended.messages.filter((m) => m.op === 'error')[1]).toMatchObject({ msg: 'app.msg.not_logged_in' });
  });

  it('checks every socket again now and then without an epoch, so a session that ran out ends too', async () => {
    const live = new Set(['good']);
    const { gateway, url } = await start({
      tokens: { verify: async (token) => (live.has(token) ? { userId: 7 } : null) },
      sessionCheckMs: 10,
      sessionRecheckMs: 30,
    });
    const c = await connect(url);
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    live.clear();
    await c.waitFor((m) => m.some((x) => x.op === 'error'));
    gateway.publishPrivate(7, 'orders', { id: 'expired' });
    c.send({ op: 'ping', ts: 1 });
    await c.waitFor((m) => m.filter((x) => x.op === 'pong').length === 2);
    expect(onChannel(c.messages, 'orders')).toEqual([]);
  });

  it('keeps a socket’s user when its session could not be checked, and checks it again at the next round', async () => {
    let failing = true;
    let checks = 0;
    let epoch = 0;
    const { gateway, url } = await start({
      tokens: {
        verify: async () => {
          if (failing && epoch > 0) {
            checks += 1;
            throw new Error('connection terminated unexpectedly');
          }
          return { userId: 7 };
        },
        epoch: async () => epoch,
      },
      sessionCheckMs: 10,
    });
    const c = await connect(url);
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    epoch += 1;
    // The epoch moved once, yet the unchecked socket is tried again round after round.
    while (checks < 3) await new Promise((r) => setTimeout(r, 5));
    failing = false;
    gateway.publishPrivate(7, 'orders', { id: 'still mine' });
    await c.waitFor((m) => onChannel(m, 'orders').length === 1);
    expect(c.messages.filter((m) => m.op === 'error')).toEqual([]);
  });

  it('closes a socket whose login could not be checked, so the app reconnects and logs in again, saying why', async () => {
    const reported: string[] = [];
    const { url } = await start({
      tokens: {
        verify: async () => {
          throw new Error('Connection terminated unexpectedly');
        },
      },
      outage: (_err, where) => (reported.push(where), true),
    });
    const c = await connect(url);
    const closed = closeCode(c.ws);
    c.send({ op: 'auth', token: 'good' });
    expect(await closed).toBe(1013);
    // The database could not be reached: the catalogue's word for "try again shortly".
    expect(c.messages).toEqual([{ op: 'error', msg: 'app.msg.service_unavailable' }]);
    expect(reported).toEqual(['ws auth']);
  });

  it('closes a socket whose login check failed otherwise with unexpected_error', async () => {
    const { url } = await start({
      tokens: {
        verify: async () => {
          throw new TypeError('x is undefined');
        },
      },
    });
    const c = await connect(url);
    const closed = closeCode(c.ws);
    c.send({ op: 'auth', token: 'good' });
    expect(await closed).toBe(1013);
    expect(c.messages).toEqual([{ op: 'error', msg: 'app.msg.unexpected_error' }]);
  });

  it('hands a session check that cannot reach the database to the outage log, round after round, and keeps serving', async () => {
    const reported: string[] = [];
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const { url } = await start({
      tokens: {
        verify: async (token) => (token === 'good' ? { userId: 7 } : null),
        epoch: async () => {
          throw refused;
        },
      },
      sessionCheckMs: 5,
      outage: (_err, where) => (reported.push(where), true),
    });
    const c = await connect(url);
    while (reported.length < 3) await new Promise((r) => setTimeout(r, 5));
    expect(new Set(reported)).toEqual(new Set(['ws session check']));
    c.send({ op: 'ping', ts: 1 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
  });

  it('stops the previous user’s private messages when a later login is refused', async () => {
    const { gateway, url } = await start();
    const c = await connect(url);
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders'] });
    c.send({ op: 'auth', token: 'expired' });
    c.send({ op: 'sub', ch: ['balances'] });
    c.send({ op: 'ping', ts: 0 });
    await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    gateway.publishPrivate(7, 'orders', { id: 'previous user' });
    gateway.publishPrivate(7, 'balances', [{ coin: 'USDT' }]);
    c.send({ op: 'ping', ts: 1 });
    await c.waitFor((m) => m.filter((x) => x.op === 'pong').length === 2);
    expect(c.messages.filter((m) => 'seq' in m)).toEqual([]);
    expect(c.messages.filter((m) => m.op === 'error').map((m) => m.msg)).toEqual([
      'app.msg.session_expired',
      'app.msg.not_logged_in',
    ]);
  });

  it('subscribes nothing for a socket that closed while its login was being checked', async () => {
    let release = () => {};
    const checked = new Promise<void>((r) => (release = r));
    const { gateway, url } = await start({
      tokens: { verify: async () => (await checked, { userId: 7 }) },
    });
    const c = await connect(url);
    c.send({ op: 'auth', token: 'good' });
    c.send({ op: 'sub', ch: ['orders', 'balances', 'trades.btcusdt'] });
    const closed = new Promise((r) => c.ws.once('close', r));
    c.ws.close();
    await closed;
    await new Promise((r) => setTimeout(r, 20));
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(gateway.stats().clients).toBe(0);
    expect(gateway.listening(7, 'orders')).toBe(false);
    expect(gateway.listening(7, 'balances')).toBe(false);
  });

  it('logs a frame the protocol refuses as the client’s doing, not as an error', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream } });
    installErrorHandler(app);
    await installGateway(app, { market: fakeMarket().market, tokens: { verify: async () => null } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const c = await connect(`${address.replace('http', 'ws')}/ws`);
    const closed = new Promise<number>((r) => c.ws.once('close', r));
    c.ws.send('x'.repeat(64 * 1024));
    expect(await closed).toBe(1009);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('ws frame refused');
  });

  it('drops a slow consumer and keeps serving the others', async () => {
    const { fake, gateway, url } = await start({ maxBufferedBytes: 64 * 1024 });
    const slow = await connect(url);
    const fast = await connect(url);
    for (const c of [slow, fast]) {
      c.send({ op: 'sub', ch: ['trades.btcusdt'] });
      c.send({ op: 'ping', ts: 0 });
      await c.waitFor((m) => m.some((x) => x.op === 'pong'));
    }
    // The slow client stops reading: its socket buffers fill, then the server's queue for it grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const closed = new Promise((r) => slow.ws.once('close', r));
    const big = 'x'.repeat(32 * 1024);
    // The fast client reads as it goes: the trades are sent in steps it has received before the
    // next, so on a busy machine its own queue never grows as the slow one's does.
    const received = (id: number) => (m: typeof fast.messages) =>
      m.some((x) => Array.isArray(x.data) && (x.data as Array<{ id: number }>).some((t) => t.id === id));
    for (let i = 0; i < 2000 && gateway.stats().dropped === 0; i++) {
      fake.emit((l) => l.trades?.('btcusdt', [{ id: i, price: big, qty: '1', side: 'buy', ts: i }]));
      if (i % 8 === 7) await fast.waitFor(received(i), 10_000);
    }
    expect(gateway.stats().dropped).toBe(1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await closed;
    fake.emit((l) => l.trades?.('btcusdt', [{ id: -1, price: 'last', qty: '1', side: 'buy', ts: 0 }]));
    await fast.waitFor(
      (m) => m.some((x) => Array.isArray(x.data) && (x.data[0] as { price: string }).price === 'last'),
      10_000,
    );
    expect(gateway.stats().clients).toBe(1);
  });

  it('pings every interval and cuts off a client that stopped answering', async () => {
    const { gateway, url } = await start({ pingIntervalMs: 40 });
    const c = await connect(url);
    let pings = 0;
    c.ws.on('ping', () => pings++);
    await new Promise((r) => setTimeout(r, 150));
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(gateway.stats().clients).toBe(1);
    // A client whose pongs never arrive looks dead: with autoPong off it stops answering.
    const mute = new WebSocket(url, { autoPong: false });
    sockets.push(mute);
    const closed = new Promise((r) => mute.once('close', r));
    await closed;
    await c.waitFor(() => gateway.stats().clients === 1);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });
});
