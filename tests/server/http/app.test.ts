import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  carouselItemSchema,
  coinPairSchema,
  contentItemSchema,
  globalConfigSchema,
  noticeSchema,
  popupSchema,
} from '../../../protocol';
import { readSeedContent } from '../../../server/db/seed/content';
import { DEFAULT_SITE_CONFIG } from '../../../server/db/seed/defaults';
import { BODY_LIMIT, buildApp, type AppDeps } from '../../../server/http/app';
import { defineRoute, registerRoutes } from '../../../server/http/route';
import { JsonText } from '../../../server/wire/jsonText';
import { forEachEngine, type OpenTestDb, type TestDb } from '../helpers/testDb';

// Over 1 KB, as a real page with its boot data is, so it travels compressed.
const INDEX_HTML = `<!doctype html><html><head></head><body><div id="root">spa-index</div><!-- ${'.'.repeat(1200)} --></body></html>`;

let webRoot: string;

beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *\n');
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  // What the build writes beside each text asset (vite.config.ts).
  fs.writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(INDEX_HTML));
  fs.writeFileSync(
    path.join(webRoot, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log("app");\n'),
  );
});

afterAll(() => {
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const config = (over: Partial<AppDeps['config']> = {}): AppDeps['config'] => ({
  logLevel: 'silent',
  rateLimitPerMinute: 10_000,
  rateLimitPerAddressPerMinute: 10_000,
  webRoot,
  trustProxy: false,
  ...over,
});

/** The envelope of a failure, exactly. */
const failure = (code: number, name: string) => ({ code, msg: `app.msg.${name}`, data: null });

/** A test-only POST route with a JSON body, registered through the same machinery as the real ones,
 * answering what `answer` makes of the name it is sent. */
const echoRouteAt = (path: string, answer: (name: string) => unknown) =>
  defineRoute({
    method: 'POST',
    path,
    tag: 'test',
    summary: 'Echo',
    body: z.strictObject({ name: z.string().min(1) }),
    response: z.object({ name: z.string() }),
    handler: ({ body }) => answer(body.name),
  });
const echoRoute = echoRouteAt('/test/echo', (name) => ({ name }));
/** The same, answering its data already encoded, as the spot thread's order views arrive. */
const encodedEchoRoute = echoRouteAt('/test/echoEncoded', (name) => JsonText.of({ name }));

const withApp = (
  open: OpenTestDb,
  over: Partial<AppDeps['config']> = {},
  extend?: (app: FastifyInstance) => void,
  logger: AppDeps['logger'] = false,
) => {
  let t: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await open({ seed: true });
    app = await buildApp({ config: config(over), db: t.db, logger });
    registerRoutes(app, [echoRoute, encodedEchoRoute]);
    extend?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  return () => app;
};

describe.each(forEachEngine())('HTTP app on %s', (_engine, open) => {
  describe('site routes', () => {
    const app = withApp(open);
    const get = (url: string, headers: Record<string, string> = {}) =>
      app().inject({ method: 'GET', url, headers });

    it('GET /api/index/config answers the global config in a success envelope', async () => {
      const res = await get('/api/index/config');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toEqual({ code: 1, msg: 'app.msg.success', data: DEFAULT_SITE_CONFIG });
      expect(globalConfigSchema.strict().parse(body.data)).toEqual(body.data);
    });

    it('GET /api/index/coinlist answers the ten pairs', async () => {
      const body = (await get('/api/index/coinlist')).json();
      expect(body.code).toBe(1);
      const pairs = z.array(coinPairSchema).parse(body.data);
      expect(pairs).toHaveLength(10);
      expect(pairs[0]).toEqual({ tradecoin: 'BTC', settlecoin: 'USDT', name: 'BTC/USDT' });
    });

    it.each([
      ['/api/index/popups', popupSchema, 'popups'],
      ['/api/index/carousel', carouselItemSchema, 'carousel'],
      ['/api/index/content', contentItemSchema, 'contents'],
      ['/api/index/notice', noticeSchema, 'notices'],
    ] as const)('GET %s answers the us rows by default', async (url, schema, key) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 1, msg: 'app.msg.success' });
      const rows = z.array(schema).parse(body.data);
      expect(rows).toHaveLength(readSeedContent('us')[key].length);
      const titles = readSeedContent('us')[key].map((r) => r.title);
      for (const r of rows) expect(titles).toContain(r.title);
    });

    it('GET /api/index/content?type=aboutUs answers only that type', async () => {
      const body = (await get('/api/index/content?type=aboutUs')).json();
      expect(body.code).toBe(1);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ type: 'aboutUs', title: 'About us' });
    });

    it('GET /api/index/notice lists newest first with numeric times', async () => {
      const { data } = (await get('/api/index/notice')).json();
      const times = data.map((n: { createdAt: unknown }) => n.createdAt);
      for (const time of times) expect(typeof time).toBe('number');
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    });

    it.each(['/api/index/popups', '/api/index/carousel', '/api/index/content', '/api/index/notice'])(
      'GET %s in German with Lang: de, in English for an unknown Lang',
      async (url) => {
        const us = (await get(url)).json().data;
        const de = (await get(url, { lang: 'de' })).json().data;
        expect(de.length).toBeGreaterThan(0);
        expect(de.map((r: { title: string }) => r.title)).not.toEqual(
          us.map((r: { title: string }) => r.title),
        );
        expect((await get(url, { Lang: ' DE ' })).json().data).toEqual(de);
        expect((await get(url, { lang: 'xx' })).json().data).toEqual(us);
        expect((await get(url, { lang: '' })).json().data).toEqual(us);
      },
    );

    it('answers German content titles from the German seed', async () => {
      const { data } = (await get('/api/index/popups', { lang: 'de' })).json();
      expect(data[0].title).toBe(readSeedContent('de').popups[0]?.title);
    });

    it('GET /api/health answers up with the server clock', async () => {
      const before = Date.now();
      const body = (await get('/api/health')).json();
      expect(body).toMatchObject({ code: 1, msg: 'app.msg.success', data: { status: 'up' } });
      expect(typeof body.data.serverTime).toBe('number');
      expect(body.data.serverTime).toBeGreaterThanOrEqual(before);
      expect(body.data.serverTime).toBeLessThanOrEqual(Date.now());
    });

    it('GET /api/openapi.json describes the API routes', async () => {
      const res = await get('/api/openapi.json');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      for (const p of [
        '/api/index/config',
        '/api/index/coinlist',
        '/api/index/popups',
        '/api/index/carousel',
        '/api/index/content',
        '/api/index/notice',
        '/api/health',
      ]) {
        expect(doc.paths[p]?.get, p).toBeDefined();
      }
      const params = doc.paths['/api/index/content'].get.parameters;
      const type = params.find((x: { name: string }) => x.name === 'type');
      expect(type).toMatchObject({ in: 'query' });
      expect(type.schema.enum).toEqual(['home', 'aboutUs', 'serviceAgreement', 'msb']);
    });

    it('GET /api/openapi.json describes the multipart upload and the image it serves back', async () => {
      const { paths } = (await get('/api/openapi.json')).json();
      const upload = paths['/api/upload'].post;
      expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
      expect(
        upload.responses['200'].content['application/json'].schema.properties.data.properties,
      ).toHaveProperty('url');
      const image = paths['/api/upload/{id}'].get;
      expect(image.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
      expect(Object.keys(image.responses['200'].content)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    });
  });

  describe('request checks', () => {
    const app = withApp(open);
    const post = (payload: string | Buffer, contentType = 'application/json') =>
      app().inject({
        method: 'POST',
        url: '/api/test/echo',
        payload,
        headers: { 'content-type': contentType },
      });

    it('answers data already encoded in the same envelope, sent as it is', async () => {
      const payload = JSON.stringify({ name: 'caf\u00e9 "quoted"' });
      const plain = await post(payload);
      const encoded = await app().inject({
        method: 'POST',
        url: '/api/test/echoEncoded',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(encoded.statusCode).toBe(200);
      expect(encoded.headers['content-type']).toBe(plain.headers['content-type']);
      expect(encoded.body).toBe(plain.body);
      expect(encoded.json()).toEqual({
        code: 1,
        msg: 'app.msg.success',
        data: { name: 'caf\u00e9 "quoted"' },
      });
    });

    it('refuses an unknown query field with unknown_parameter', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/index/config?foo=1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: 'app.msg.unknown_parameter', data: { field: 'foo' } });
      const content = await app().inject({ method: 'GET', url: '/api/index/content?type=home&extra=2' });
      expect(content.statusCode).toBe(400);
      expect(content.json()).toMatchObject({ code: 400, msg: 'app.msg.unknown_parameter' });
    });

    it('refuses an invalid value with parameter_error naming the field', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/index/content?type=x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: 'app.msg.parameter_error', data: { field: 'type' } });
    });

    it.each([
      '/api/index/content?type[a]=1',
      '/api/index/content?type[]=home',
      '/api/index/content?type=home&type=msb',
    ])('refuses the nested or repeated query %s with parameter_error, not a 500', async (url) => {
      const res = await app().inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: 'app.msg.parameter_error' });
    });

    it('accepts a well-formed JSON body', async () => {
      const res = await post(JSON.stringify({ name: 'alice' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 1, msg: 'app.msg.success', data: { name: 'alice' } });
    });

    it('checks the body against its schema', async () => {
      const missing = await post('{}');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ code: 400, msg: 'app.msg.parameter_error', data: { field: 'name' } });
      const extra = await post(JSON.stringify({ name: 'a', admin: true }));
      expect(extra.json()).toEqual({ code: 400, msg: 'app.msg.unknown_parameter', data: { field: 'admin' } });
    });

    it('answers malformed JSON with a catalogued 400 and no stack trace', async () => {
      const res = await post('{"name": "alice",');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(400, 'parameter_error'));
      expect(res.body).not.toMatch(/stack|SyntaxError|JSON|at .*\(/);
    });

    it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'answers the unsupported content type %s with a catalogued 4xx',
      async (contentType) => {
        const res = await post('<name>alice</name>', contentType);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toEqual(failure(400, 'parameter_error'));
        expect(res.body).not.toMatch(/stack|Unsupported|FST_/);
      },
    );

    it('answers a text body where JSON is expected with parameter_error', async () => {
      const res = await post('name=alice', 'text/plain');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: 'app.msg.parameter_error' });
    });

    it('answers an empty JSON body with a catalogued 400', async () => {
      const res = await post('');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: 'app.msg.parameter_error' });
    });

    it.each(['/api/%E0%A4%A', '/api/index/%zz', '/%E0%A4%A'])(
      'answers the path %s, which is no valid percent-encoding, with parameter_error',
      async (url) => {
        const res = await app().inject({ method: 'GET', url });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual(failure(400, 'parameter_error'));
      },
    );

    it('answers a body over 1 MB with 413 payload_too_large', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
      expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
      const res = await post(big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(failure(413, 'payload_too_large'));
    });

    it('takes a body just under the limit', async () => {
      const name = 'x'.repeat(BODY_LIMIT - 20);
      const res = await post(JSON.stringify({ name }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.name).toHaveLength(name.length);
    });
  });

  describe('not found and the web app', () => {
    const app = withApp(open);
    const get = (url: string) => app().inject({ method: 'GET', url });

    it.each([
      ['GET', '/api/nowhere'],
      ['POST', '/api/nowhere'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['DELETE', '/api/index/config'],
      ['GET', '/ws'],
      ['GET', '/ws/anything'],
      ['GET', '/api/index/config/extra'],
      // Files that are not there: the page in their place would reach a script or an image as HTML.
      ['GET', '/assets/nope-abc123.js'],
      ['GET', '/img/nope.png'],
      ['GET', '/favicon.ico'],
      ['GET', '/sitemap.xml?x=1'],
    ])('%s %s answers the 404 envelope', async (method, url) => {
      const res = await app().inject({ method: method as 'GET' | 'POST' | 'DELETE', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(failure(404, 'not_found'));
      expect(res.body).not.toContain('spa-index');
    });

    it('answers a POST with a JSON body to an unknown /api route with 404', async () => {
      const res = await app().inject({ method: 'POST', url: '/api/nowhere', payload: { a: 1 } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(failure(404, 'not_found'));
    });

    it.each(['/market', '/assets/detail', '/', '/trade/BTC?x=1'])(
      'GET %s answers index.html',
      async (url) => {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(INDEX_HTML);
        // Its own scripts only, never inside another site's frame.
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
      },
    );

    it('sends index.html asked for by name with the same protection as the page', async () => {
      const res = await get('/index.html');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it('serves a real static file', async () => {
      const robots = await get('/robots.txt');
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toBe('User-agent: *\n');
      // Unhashed, so kept an hour rather than revalidated at every use (the favicon at every screen).
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      const asset = await get('/assets/app-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('console.log("app")');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends the compressed copy the build wrote when the browser accepts it', async () => {
      const asset = await app().inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log("app");\n');

      const page = await app().inject({
        method: 'GET',
        url: '/market',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_HTML);
    });

    it('answers a non-GET outside /api with the 404 envelope, not the page', async () => {
      const res = await app().inject({ method: 'POST', url: '/market' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(failure(404, 'not_found'));
    });
  });

  describe.each([
    ['behind a proxy it trusts', 1, 'max-age=31536000'],
    ['behind no proxy it trusts', false, undefined],
  ] as const)('transport security %s', (_name, trustProxy, hsts) => {
    const app = withApp(open, { trustProxy });
    const get = (url: string, proto?: string) =>
      app().inject({ method: 'GET', url, headers: proto ? { 'x-forwarded-proto': proto } : {} });

    it.each(['/market', '/api/index/config', '/api/nowhere', '/robots.txt'])(
      'GET %s says Strict-Transport-Security only when the proxy says the request came over HTTPS',
      async (url) => {
        expect((await get(url, 'https')).headers['strict-transport-security']).toBe(hsts);
        expect((await get(url, 'http')).headers['strict-transport-security']).toBeUndefined();
        expect((await get(url)).headers['strict-transport-security']).toBeUndefined();
      },
    );
  });

  describe('without a built web app', () => {
    let t: TestDb;
    let app: FastifyInstance;
    let empty: string;
    beforeAll(async () => {
      empty = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-noweb-'));
      t = await open({ seed: true });
      app = await buildApp({ config: config({ webRoot: empty }), db: t.db, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await t?.close();
      fs.rmSync(empty, { recursive: true, force: true });
    });

    it('still answers the API and 404s pages', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json().code).toBe(1);
      const page = await app.inject({ method: 'GET', url: '/market' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(failure(404, 'not_found'));
    });
  });

  describe('unexpected errors', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = withApp(
      open,
      {},
      (a) => {
        a.get('/api/boom', () => {
          throw new Error('secret detail');
        });
        a.get('/api/teapot', () => {
          throw Object.assign(new Error('client detail'), { statusCode: 418 });
        });
      },
      { level: 'info', stream },
    );

    it('answers 500 unexpected_error without the error detail, and logs it', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(failure(500, 'unexpected_error'));
      expect(res.body).not.toContain('secret detail');
      expect(res.body).not.toContain('stack');
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
      expect(logged?.level).toBe(50);
      expect(logged?.err?.message).toBe('secret detail');
      expect(logged?.err?.stack).toContain('secret detail');
    });

    it('maps another client error status to a catalogued 400 without its detail', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/teapot' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(400, 'parameter_error'));
      expect(res.body).not.toContain('client detail');
    });
  });

  describe('rate limit', () => {
    const app = withApp(open, { rateLimitPerMinute: 3 });

    it('answers the 4th /api request in a minute with 429 too_many_requests', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await app().inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
      }
      const res = await app().inject({ method: 'GET', url: '/api/index/config' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(failure(429, 'too_many_requests'));
      expect(res.headers['retry-after']).toBeDefined();
    });

    it('does not limit the web app', async () => {
      for (let i = 0; i < 6; i++) {
        const res = await app().inject({ method: 'GET', url: '/market' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(INDEX_HTML);
      }
      expect((await app().inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    });

    it('counts unknown API paths too, so scanning for routes is limited', async () => {
      const from = { remoteAddress: '10.0.0.7' };
      for (let i = 0; i < 3; i++) {
        const res = await app().inject({ method: 'GET', url: `/api/nowhere/${i}`, ...from });
        expect(res.json()).toEqual(failure(404, 'not_found'));
      }
      const res = await app().inject({ method: 'GET', url: '/api/nowhere/4', ...from });
      expect(res.json()).toEqual(failure(429, 'too_many_requests'));
    });

    it('counts each client address separately', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' });
      expect(res.statusCode).toBe(200);
    });
  });
});
