import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, type BootData } from '../../../protocol/boot';
import { adminCarouselSchema, adminPopupSchema } from '../../../protocol';
import { buildApp } from '../../../server/http/app';
import { accountsFor, registerUser, operatorToken } from '../helpers/accounts';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { apiCaller, countRows } from '../helpers/inject';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { fakeMarket } from '../ws/fakeMarket';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Exchange</title></head><body><div id="root"></div></body></html>';

const bootOf = (html: string) => {
  const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as BootData;
};

describe.each(forEachEngine())('operator API for home pop-ups and carousel on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let webRoot: string;
  let token: string;
  let opToken: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-home-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await open({ seed: true });
    const { accounts } = accountsFor(t);
    app = await buildApp({
      config: { ...TEST_APP_CONFIG, webRoot },
      db: t.db,
      logger: false,
      accounts,
      market: fakeMarket().market,
    });
    await app.ready();
    token = (await registerUser(accounts)).token;
    opToken = await operatorToken(app, accounts, 'content_ops');
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const call = apiCaller(() => app);
  const rowCount = (table: 'popups' | 'carousel' | 'audit_log') => countRows(t.db.kysely, table);

  it.each([
    ['GET', '/api/admin/popups?locale=us', undefined],
    ['POST', '/api/admin/popups', { locale: 'us', title: 't', content: 'c' }],
    ['PUT', '/api/admin/popups', { id: 1, title: 't' }],
    ['DELETE', '/api/admin/popups', { id: 1 }],
    ['GET', '/api/admin/carousel?locale=us', undefined],
    ['POST', '/api/admin/carousel', { locale: 'us', title: 't', image: '', link: '' }],
    ['PUT', '/api/admin/carousel', { id: 1, title: 't' }],
    ['DELETE', '/api/admin/carousel', { id: 1 }],
  ] as const)('refuses %s %s to a trader and to no token, changing nothing', async (method, url, payload) => {
    const before = [await rowCount('popups'), await rowCount('carousel')];
    const trader = await call(method, url, { token, ...(payload ? { payload } : {}) });
    expect(trader.statusCode).toBe(403);
    expect(trader.json().msg).toBe('app.msg.no_permission');
    const nobody = await call(method, url, payload ? { payload } : {});
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().msg).toBe('app.msg.not_logged_in');
    expect([await rowCount('popups'), await rowCount('carousel')]).toEqual(before);
  });

  it('publishes, edits, reorders and deletes a pop-up; /api/index/popups shows each change at once', async () => {
    const shown = async () => (await call('GET', '/api/index/popups', { lang: 'de' })).json().data;
    const seeded = await shown();
    const p = adminPopupSchema.parse(
      (
        await call('POST', '/api/admin/popups', {
          token: opToken,
          payload: { locale: 'de', title: ' Wartung ', content: 'Heute Nacht.' },
        })
      ).json().data,
    );
    expect(p).toMatchObject({ locale: 'de', title: 'Wartung', sort: seeded.length });
    expect(await shown()).toEqual([...seeded, { id: p.id, title: 'Wartung', content: 'Heute Nacht.' }]);

    await call('PUT', '/api/admin/popups', {
      token: opToken,
      payload: { id: p.id, content: 'Morgen.', sort: 0 },
    });
    // Sort 0 beside the seeded one, which is older: it stays first.
    expect((await shown()).at(-1)).toEqual({ id: p.id, title: 'Wartung', content: 'Morgen.' });
    await call('PUT', '/api/admin/popups', { token: opToken, payload: { id: seeded[0].id, sort: 5 } });
    expect((await shown()).map((x: { id: number }) => x.id)).toEqual([p.id, seeded[0].id]);
    const list = (await call('GET', '/api/admin/popups?locale=de', { token: opToken })).json().data;
    expect(list.map((x: { id: number; sort: number }) => [x.id, x.sort])).toEqual([
      [p.id, 0],
      [seeded[0].id, 5],
    ]);

    const gone = await call('DELETE', '/api/admin/popups', { token: opToken, payload: { id: p.id } });
    expect(gone.json()).toMatchObject({ code: 1, data: null });
    expect((await shown()).map((x: { id: number }) => x.id)).toEqual([seeded[0].id]);
    const again = await call('DELETE', '/api/admin/popups', { token: opToken, payload: { id: p.id } });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('app.msg.record_not_found');

    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'like', 'popup.%')
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'popup.create', target: `popup:${p.id}` },
      { action: 'popup.update', target: `popup:${p.id}` },
      { action: 'popup.update', target: `popup:${seeded[0].id}` },
      { action: 'popup.delete', target: `popup:${p.id}` },
    ]);
  });

  it('changes the carousel, and the API and the home page’s boot data show it at once', async () => {
    const page = async () =>
      bootOf((await app.inject({ method: 'GET', url: '/home', headers: { cookie: 'lang=kr' } })).body);
    // The page keeps what it read for a moment: read it now, so a stale copy would show below.
    const before = (await page()).carousel;
    expect(before?.locale).toBe('kr');
    const s = adminCarouselSchema.parse(
      (
        await call('POST', '/api/admin/carousel', {
          token: opToken,
          payload: {
            locale: 'kr',
            title: '새 소식',
            image: '/img/banner-spot.svg',
            link: 'https://example.com/kr',
          },
        })
      ).json().data,
    );
    const api = (await call('GET', '/api/index/carousel', { lang: 'kr' })).json().data;
    expect(api.at(-1)).toEqual({
      id: s.id,
      title: '새 소식',
      image: '/img/banner-spot.svg',
      link: 'https://example.com/kr',
    });
    expect((await page()).carousel?.items).toEqual(api);

    await call('PUT', '/api/admin/carousel', { token: opToken, payload: { id: s.id, sort: 0, link: '' } });
    expect((await page()).carousel?.items.find((i) => i.id === s.id)?.link).toBe('');
    await call('DELETE', '/api/admin/carousel', { token: opToken, payload: { id: s.id } });
    expect((await page()).carousel?.items).toEqual(before?.items);
    expect((await call('GET', '/api/index/carousel', { lang: 'kr' })).json().data).toEqual(before?.items);
  });

  it.each([
    [
      'POST',
      '/api/admin/popups',
      { locale: 'us', title: '  ', content: 'c' },
      'app.msg.field_required',
      'title',
    ],
    [
      'POST',
      '/api/admin/popups',
      { locale: 'us', title: 't', content: 'c'.repeat(20_001) },
      'app.msg.text_too_long',
      'content',
    ],
    [
      'POST',
      '/api/admin/popups',
      { locale: 'xx', title: 't', content: 'c' },
      'app.msg.parameter_error',
      'locale',
    ],
    [
      'POST',
      '/api/admin/popups',
      { locale: 'us', title: 't', content: 'c', colour: 'red' },
      'app.msg.unknown_parameter',
      'colour',
    ],
    [
      'POST',
      '/api/admin/popups',
      { locale: 'us', title: 't', content: 'c', sort: 1.5 },
      'app.msg.parameter_error',
      'sort',
    ],
    ['PUT', '/api/admin/popups', { id: 1, title: '\u0000' }, 'app.msg.field_required', 'title'],
    [
      'POST',
      '/api/admin/carousel',
      { locale: 'us', title: 't', image: 'javascript:alert(1)', link: '' },
      'app.msg.link_invalid',
      'image',
    ],
    [
      'POST',
      '/api/admin/carousel',
      { locale: 'us', title: 't', image: '', link: '//evil.example' },
      'app.msg.link_invalid',
      'link',
    ],
    [
      'POST',
      '/api/admin/carousel',
      { locale: 'us', title: 't', image: '', link: '/\\evil.example' },
      'app.msg.link_invalid',
      'link',
    ],
    [
      'POST',
      '/api/admin/carousel',
      { locale: 'us', title: 't', image: '' },
      'app.msg.parameter_error',
      'link',
    ],
    ['PUT', '/api/admin/carousel', { id: 1, link: 'http://x/\u0000' }, 'app.msg.link_invalid', 'link'],
    ['DELETE', '/api/admin/carousel', { id: 0 }, 'app.msg.parameter_error', 'id'],
  ] as const)('%s %s %j → %s, nothing written', async (method, url, payload, msg, field) => {
    const before = [await rowCount('popups'), await rowCount('carousel'), await rowCount('audit_log')];
    const res = await call(method, url, { token: opToken, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg, data: { field } });
    expect([await rowCount('popups'), await rowCount('carousel'), await rowCount('audit_log')]).toEqual(
      before,
    );
  });

  it('documents the routes in the OpenAPI document', async () => {
    const { paths } = (await call('GET', '/api/openapi.json')).json();
    for (const p of ['/api/admin/popups', '/api/admin/carousel'])
      expect(Object.keys(paths[p]).sort()).toEqual(['delete', 'get', 'post', 'put']);
  });
});
