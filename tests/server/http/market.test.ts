import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../server/http/app';
import type { PriceFeed } from '../../../server/market/feed';
import { createMarket, type Market } from '../../../server/market/market';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const COUNTS = { '1m': 60, '5m': 20, '15m': 20, '1h': 20, '4h': 20, '1d': 5 } as const;
const idle: PriceFeed = { source: 'idle', start: () => undefined, stop: async () => undefined };

describe.each(forEachEngine())('market REST routes on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true });
  let app: FastifyInstance | undefined;
  let market: Market | undefined;

  afterEach(async () => {
    await app?.close();
    await market?.stop();
  });

  const start = async () => {
    market = createMarket({ db: t().db.kysely, seed: 1, feed: () => idle, historyCounts: COUNTS });
    await market.start();
    app = await buildApp({
      config: { logLevel: 'silent', rateLimitPerMinute: 10_000, webRoot: '/nonexistent', trustProxy: false },
      db: t().db,
      logger: false,
      market,
    });
    return app;
  };

  const get = async (url: string) => {
    const res = await app!.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  };

  it('serve pairs, tickers, candles, depth and trades in envelopes', async () => {
    await start();
    const pairs = await get('/api/market/pairs');
    expect(pairs.body.data).toContainEqual({
      symbol: 'btcusdt',
      name: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      qtyPrecision: 5,
    });
    const tickers = await get('/api/market/tickers');
    expect(tickers.body.code).toBe(1);
    expect(tickers.body.data).toHaveLength(10);
    const kline = await get('/api/market/kline?pair=btcusdt&interval=5m&limit=7');
    expect(kline.body.data).toHaveLength(7);
    const depth = await get('/api/market/depth?pair=btcusdt&limit=5');
    expect(depth.body.data).toMatchObject({ pair: 'btcusdt', bids: [], asks: [] });
    expect((await get('/api/market/trades?pair=ethusdt')).body.data).toEqual([]);
  });

  it('refuse bad input with catalogued 4xx answers, never a 500', async () => {
    await start();
    for (const [url, status, msg] of [
      ['/api/market/kline?pair=btcusdt&interval=2m', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=0', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=abc', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=BTC/USDT&interval=1m', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=dogebtc&interval=1m', 404, 'app.msg.currency_not_exist'],
      ['/api/market/depth?pair=btcusdt&price=1', 400, 'app.msg.unknown_parameter'],
      ['/api/market/depth?pair=btcusdt&limit=1000', 400, 'app.msg.parameter_error'],
      ['/api/market/trades', 400, 'app.msg.parameter_error'],
    ] as const) {
      const res = await get(url);
      expect([url, res.status, res.body.msg]).toEqual([url, status, msg]);
    }
  });

  it('offer no way to write a price', async () => {
    await start();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of ['tickers', 'kline', 'depth', 'trades', 'pairs']) {
        const res = await app!.inject({ method, url: `/api/market/${path}`, payload: { price: '1' } });
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it('list the market routes in the OpenAPI document', async () => {
    await start();
    const doc = (await app!.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['pairs', 'tickers', 'kline', 'depth', 'trades'])
      expect(doc.paths).toHaveProperty([`/api/market/${p}`]);
  });

  it('serve the gateway at /ws', async () => {
    await start();
    const address = await app!.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const first = new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ op: 'sub', ch: ['depth.btcusdt'] }));
    expect(JSON.parse(await first)).toMatchObject({ ch: 'depth.btcusdt', data: { kind: 'snapshot' } });
    ws.terminate();
  });
});
