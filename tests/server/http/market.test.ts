import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, type BootData } from '../../../protocol/boot';
import WebSocket from 'ws';
import { buildApp } from '../../../server/http/app';
import type { PriceFeed } from '../../../server/market/feed';
import { createMarket, type Market } from '../../../server/market/market';
import { writeGlobalConfig } from '../../../server/db/repos/siteConfig';
import { forEachEngine, useTestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

const COUNTS = { '1m': 60, '5m': 20, '15m': 20, '1h': 20, '4h': 20, '1d': 5 } as const;
const idle: PriceFeed = { source: 'idle', start: () => undefined, stop: async () => undefined };

const TEMPLATE = `<!doctype html><html lang="en"><head><title>Exchange</title></head><body><div id="root"></div></body></html>`;

let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-page-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const bootOf = (html: string) => {
  const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as BootData;
};

describe.each(forEachEngine())('market REST routes on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true });
  let app: FastifyInstance | undefined;
  let market: Market | undefined;

  afterEach(async () => {
    await app?.close();
    await market?.stop();
  });

  const start = async (webRoot = '/nonexistent') => {
    market = createMarket({ db: t().db.kysely, seed: 1, feed: () => idle, historyCounts: COUNTS });
    await market.start();
    app = await buildApp({
      config: { ...TEST_APP_CONFIG, webRoot },
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

  it('compress answers over 1 KB for a browser that accepts it, and leave small ones alone', async () => {
    await start();
    const url = '/api/market/kline?pair=btcusdt&interval=1m&limit=60';
    const plain = await app!.inject({ method: 'GET', url });
    for (const encoding of ['br', 'gzip']) {
      const res = await app!.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
    const small = await app!.inject({
      method: 'GET',
      url: '/api/market/depth?pair=btcusdt&limit=5',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("carries the listed pairs, and on home the carousel in the reader's chosen language", async () => {
    await start(webRoot);
    const res = await app!.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: 'theme=dark; lang=de', 'accept-language': 'en-US', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/cookie/i);
    expect(res.headers['vary']).toMatch(/accept-language/i);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<html lang="de-DE">');
    const boot = bootOf(html);
    expect(boot.pairs).toEqual(market!.pairs());
    expect(boot.carousel?.locale).toBe('de');
    expect(boot.carousel?.items[0]).toMatchObject({ title: 'Spot-Handel mit engen Spreads' });
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${boot.carousel!.items[0]!.image}">`,
    );
  });

  it("writes the site's language when none was chosen, whatever the browser's, and no carousel off home", async () => {
    // As the app does: the site's language (config `lang`) for a reader who has not chosen one.
    await writeGlobalConfig(t().db.kysely, { lang: 'zh-tw' });
    await start(webRoot);
    const res = await app!.inject({
      method: 'GET',
      url: '/marketDetail?pair=btcusdt',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9', cookie: 'other=%E0%A4%A; lang=%E0%A4%A' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="zh-TW">');
    expect(bootOf(res.body)).toEqual({ pairs: market!.pairs() });
    expect(res.body).not.toContain('as="image"');
  });

  it('refuse bad input with catalogued 4xx answers, never a 500', async () => {
    await start();
    for (const [url, status, msg] of [
      ['/api/market/kline?pair=btcusdt&interval=2m', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=0', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=abc', 400, 'app.msg.parameter_error'],
      // Plain digits only: Number() would read these as 1000, 1, 1 and (an empty time) 0.
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=1e3', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&limit=%201', 400, 'app.msg.parameter_error'],
      ['/api/market/depth?pair=btcusdt&limit=01', 400, 'app.msg.parameter_error'],
      ['/api/market/trades?pair=btcusdt&limit=0x10', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&before=', 400, 'app.msg.parameter_error'],
      ['/api/market/kline?pair=btcusdt&interval=1m&before=1.5e12', 400, 'app.msg.parameter_error'],
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
