import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { combinedStreamUrl, createBinanceFeed } from '../../../server/market/binanceFeed';
import type { PriceFeed, Tick } from '../../../server/market/feed';
import { BTC, ETH } from './helpers';

const FRAMES = fs
  .readFileSync(path.join(__dirname, 'fixtures/binance-combined-aggtrade.jsonl'), 'utf8')
  .trim()
  .split('\n');

/** A local stand-in for the exchange: replays the recorded frames to every connection. */
const replayServer = async () => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const urls: string[] = [];
  wss.on('connection', (socket, req) => {
    urls.push(req.url ?? '');
    for (const f of FRAMES) socket.send(f);
  });
  return { wss, urls, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` };
};

let feed: PriceFeed | undefined;
let server: Awaited<ReturnType<typeof replayServer>> | undefined;

afterEach(async () => {
  await feed?.stop();
  if (server) {
    for (const client of server.wss.clients) client.terminate();
    await new Promise((r) => server!.wss.close(r));
  }
  feed = undefined;
  server = undefined;
});

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

describe('the Binance combined-stream feed', () => {
  it('builds the combined-stream URL from the mapped symbols', () => {
    expect(combinedStreamUrl('wss://x.test:9443/', ['btcusdt', 'ethusdt'])).toBe(
      'wss://x.test:9443/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade',
    );
  });

  it('turns recorded frames into ticks of the listed pairs and skips what it cannot read', async () => {
    server = await replayServer();
    const ticks: Tick[] = [];
    const errors: unknown[] = [];
    feed = createBinanceFeed({ url: server.url, instruments: [BTC, ETH], onError: (e) => errors.push(e) });
    feed.start((t) => ticks.push(t));
    await until(() => ticks.length === 4);
    expect(server.urls[0]).toBe('/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade');
    expect(ticks.map((t) => [t.pair, t.ts, t.price, t.qty, t.source])).toEqual([
      ['btcusdt', 1735732800104, 9_351_201n, 120n, 'binance'],
      ['ethusdt', 1735732800109, 333_556n, 4521n, 'binance'],
      ['btcusdt', 1735732800149, 9_351_199n, 2000n, 'binance'],
      // Quoted finer than the pair's precision: rounded half up.
      ['btcusdt', 1735732800259, 9_351_346n, 500n, 'binance'],
    ]);
    expect(errors).toHaveLength(1);
  });

  it('maps our symbols to the exchange’s', async () => {
    server = await replayServer();
    const ticks: Tick[] = [];
    feed = createBinanceFeed({ url: server.url, instruments: [BTC], symbolMap: { btcusdt: 'ethusdt' } });
    feed.start((t) => ticks.push(t));
    await until(() => ticks.length === 1);
    expect(ticks[0]).toMatchObject({ pair: 'btcusdt', price: 333_556n });
  });

  it('reconnects by itself when the connection drops', async () => {
    server = await replayServer();
    const ticks: Tick[] = [];
    feed = createBinanceFeed({ url: server.url, instruments: [BTC], minBackoffMs: 20, maxBackoffMs: 40 });
    feed.start((t) => ticks.push(t));
    await until(() => ticks.length === 3);
    for (const client of server.wss.clients) client.terminate();
    await until(() => server!.urls.length === 2 && ticks.length === 6);
    // The replayed prints repeat, but reference time never goes backwards.
    const times = ticks.map((t) => t.ts);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
