import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../../../protocol/boot';
import { openPostgres, type Db } from '../../../server/db/connect';
import { buildApp } from '../../../server/http/app';
import { RETRY_AFTER_S } from '../../../server/http/unavailable';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { REFUSED_URL } from '../helpers/silentServer';
import { fakeMarket } from '../ws/fakeMarket';

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

interface Line {
  level: number;
  msg: string;
  err?: { stack?: string };
  [k: string]: unknown;
}
const WARN = 40;

/**
 * The app on a PostgreSQL that refuses every connection, as the audit found it (every database-
 * backed request a 500 with a stack, the home page a JSON 500, health "up"): requests are told to
 * come back (503, Retry-After), the outage is logged as one warning, pages are still served, and
 * health says the database is down.
 */
describe('the app while its database cannot be reached', () => {
  let db: Db;
  let app: FastifyInstance;
  let webRoot: string;
  const lines: Line[] = [];

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-dbdown-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    db = openPostgres(REFUSED_URL);
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    });
    app = await buildApp({
      config: { ...TEST_APP_CONFIG, webRoot },
      db,
      market: fakeMarket().market,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const unavailable = { code: 503, msg: 'app.msg.service_unavailable', data: null };

  it('answers database-backed requests 503 service_unavailable with Retry-After, and logs one warning without a stack', async () => {
    lines.length = 0;
    const requests = [
      { method: 'GET', url: '/api/index/popups' },
      { method: 'GET', url: '/api/index/carousel' },
      { method: 'GET', url: '/api/index/notice' },
      { method: 'GET', url: '/api/index/content?type=home' },
      { method: 'GET', url: '/api/index/config' },
      { method: 'GET', url: '/api/user/info', headers: { token: 'a'.repeat(32) } },
      { method: 'GET', url: '/api/assets/balances', headers: { token: 'a'.repeat(32) } },
      { method: 'POST', url: '/api/user/login', payload: { username: 'someone', password: 'secret123' } },
    ] as const;
    for (let round = 0; round < 20; round++) {
      for (const r of requests) {
        const res = await app.inject(r);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(503);
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
        expect(res.json()).toEqual(unavailable);
      }
    }
    const outage = lines.filter((l) => l.msg === 'database unreachable');
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({ level: WARN, reason: expect.stringContaining('ECONNREFUSED') });
    expect(lines.filter((l) => l.level > WARN)).toEqual([]);
    expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /);
  });

  it('still serves every page, the home pages without the carousel it could not read', async () => {
    for (const url of ['/', '/home', '/market', '/trade']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const boot = new RegExp(
        `<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`,
      ).exec(res.body);
      expect(JSON.parse(boot![1]!), url).toEqual({ pairs: [] });
    }
  });

  it('answers /api/health 503 naming the database, keeping its fields', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
    const body = res.json();
    expect(body).toMatchObject({
      code: 503,
      msg: 'app.msg.service_unavailable',
      data: { status: 'database_unreachable' },
    });
    expect(body.data.serverTime).toBeGreaterThanOrEqual(before);
  });
});
