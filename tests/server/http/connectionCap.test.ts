import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../../server/config';
import { buildApp } from '../../../server/http/app';
import {
  ConnectionCount,
  REFUSALS_LOG_MS,
  RefusalLog,
  trustedPeer,
} from '../../../server/http/connectionCap';
import { fakeMarket } from '../ws/fakeMarket';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { openSqliteTest, type TestDb } from '../helpers/testDb';

describe('ConnectionCount', () => {
  it('counts each key up to its cap and refuses past it', () => {
    const count = new ConnectionCount(2);
    expect(count.take('a')).toBe(true);
    expect(count.take('a')).toBe(true);
    expect(count.take('a')).toBe(false);
    expect(count.full('a')).toBe(true);
    expect(count.take('b')).toBe(true);
  });

  it('frees a slot with each release and forgets a key with its last connection', () => {
    const count = new ConnectionCount(1);
    count.take('a');
    count.take('b');
    count.release('a');
    expect(count.keys).toBe(1);
    expect(count.take('a')).toBe(true);
    count.release('a');
    count.release('b');
    expect(count.keys).toBe(0);
    // A release with nothing open (a close heard twice) takes nothing from the next connection's count.
    count.release('a');
    expect(count.keys).toBe(0);
    expect(count.take('a')).toBe(true);
    expect(count.take('a')).toBe(false);
  });
});

describe('RefusalLog', () => {
  afterEach(() => vi.useRealTimers());

  it('tells the first refusal at once, then what was refused since once a minute while it goes on', () => {
    vi.useFakeTimers();
    const told: Array<Record<string, number>> = [];
    const log = new RefusalLog((refused) => told.push(refused));
    log.refused('10.0.0.1');
    expect(told).toEqual([{ '10.0.0.1': 1 }]);
    for (let i = 0; i < 500; i++) log.refused('10.0.0.1');
    log.refused('10.0.0.2');
    // A flood is one line a minute, not a line a refusal.
    expect(told).toHaveLength(1);
    vi.advanceTimersByTime(REFUSALS_LOG_MS);
    expect(told).toEqual([{ '10.0.0.1': 1 }, { '10.0.0.1': 500, '10.0.0.2': 1 }]);
    // A quiet minute ends it; the next refusal is told at once again.
    vi.advanceTimersByTime(2 * REFUSALS_LOG_MS);
    expect(told).toHaveLength(2);
    log.refused('10.0.0.3');
    expect(told.at(-1)).toEqual({ '10.0.0.3': 1 });
    log.stop();
  });

  it('names the twenty addresses refused most in a line', () => {
    vi.useFakeTimers();
    const told: Array<Record<string, number>> = [];
    const log = new RefusalLog((refused) => told.push(refused));
    log.refused('first');
    for (let a = 1; a <= 30; a++) for (let i = 0; i < a; i++) log.refused(`10.0.0.${a}`);
    vi.advanceTimersByTime(REFUSALS_LOG_MS);
    const line = told[1]!;
    expect(Object.keys(line)).toHaveLength(20);
    expect(line['10.0.0.30']).toBe(30);
    expect(line['10.0.0.10']).toBeUndefined();
    log.stop();
  });
});

describe('trustedPeer', () => {
  it('believes no peer without TRUST_PROXY, and every peer given a count of proxies', () => {
    expect(trustedPeer(false)('10.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
  });

  it('believes the listed addresses and blocks only, IPv4-mapped peers included', () => {
    const trusted = trustedPeer(['10.0.0.0/8', '2001:db8::7']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('2001:db8::7')).toBe(true);
    expect(trusted('2001:db8::8')).toBe(false);
    expect(trusted('192.0.2.1')).toBe(false);
  });
});

/** A raw keep-alive connection; `answer` sends one request on it and reads the answer's head. */
const connection = (port: number) => {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let heard = () => undefined as void;
  socket.on('data', (chunk) => {
    received += chunk.toString();
    heard();
  });
  // A refused connection may be reset rather than closed; `closed` tells either way.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const answer = async () => {
    received = '';
    socket.write('GET /api/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    while (!/\r\n\r\n[\s\S]*\}$/.test(received)) {
      if (socket.destroyed) throw new Error(`connection closed after ${JSON.stringify(received)}`);
      await new Promise<void>((r) => (heard = r));
    }
    return received.slice(0, received.indexOf('\r\n'));
  };
  return { socket, answer, closed };
};

const waitFor = async (check: () => Promise<boolean>) => {
  const until = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('connections per address (CONNECTIONS_PER_ADDRESS)', () => {
  let t: TestDb | undefined;
  let app: FastifyInstance | undefined;
  const opened: Array<{ destroy(): void }> = [];

  afterEach(async () => {
    for (const s of opened.splice(0)) s.destroy();
    await app?.close();
    await t?.close();
    app = undefined;
    t = undefined;
  });

  const warnings: Array<{ msg: string; refused?: Record<string, number>; cap?: number }> = [];
  const start = async (connectionsPerAddress: number, trustProxy: Config['trustProxy'] = false) => {
    t = await openSqliteTest({ seed: true });
    warnings.length = 0;
    const stream = new Writable({
      write(chunk, _enc, done) {
        warnings.push(JSON.parse(String(chunk)));
        done();
      },
    });
    app = await buildApp({
      config: { ...TEST_APP_CONFIG, connectionsPerAddress, trustProxy },
      db: t.db,
      logger: { level: 'warn', stream },
      market: fakeMarket().market,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const server = app.server;
    const port = (server.address() as net.AddressInfo).port;
    const open = () => {
      const c = connection(port);
      opened.push(c.socket);
      return c;
    };
    const openConnections = () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
      );
    return { port, open, openConnections };
  };

  it('refuses the connection past the cap, WebSockets counted, and takes one again once one closes', async () => {
    const { port, open, openConnections } = await start(3);
    const first = open();
    const second = open();
    expect(await first.answer()).toBe('HTTP/1.1 404 Not Found');
    expect(await second.answer()).toBe('HTTP/1.1 404 Not Found');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    opened.push({ destroy: () => ws.terminate() });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

    const refused = open();
    refused.socket.write('GET /api/nothing-here HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await refused.closed).toBe('');
    // The operator is told which address was refused, and at what cap.
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'connections refused past CONNECTIONS_PER_ADDRESS',
        refused: { '127.0.0.1': 1 },
        cap: 3,
      }),
    ]);

    // The connections held go on as they were.
    expect(await first.answer()).toBe('HTTP/1.1 404 Not Found');
    ws.send(JSON.stringify({ op: 'ping', ts: 1 }));
    const pong = await new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
    expect(JSON.parse(pong)).toMatchObject({ op: 'pong', ts: 1 });

    ws.close();
    await waitFor(async () => (await openConnections()) === 2);
    expect(await open().answer()).toBe('HTTP/1.1 404 Not Found');
  });

  it('does not count a peer TRUST_PROXY believes: its connections carry many clients', async () => {
    const { open } = await start(1, ['127.0.0.1']);
    const viaProxy = [open(), open(), open()];
    for (const c of viaProxy) expect(await c.answer()).toBe('HTTP/1.1 404 Not Found');
  });
});
