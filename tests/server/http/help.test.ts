import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_CATEGORIES, LOCALES, helpArticleSchema } from '../../../protocol';
import { readSeedHelp, seedHelpIfEmpty } from '../../../server/db/seed/help';
import { buildApp } from '../../../server/http/app';
import { accountsFor, registerUser, operatorToken } from '../helpers/accounts';
import { apiCaller } from '../helpers/inject';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

describe('seeded help articles', () => {
  it.each(LOCALES)('%s has the same articles as English, translated', (locale) => {
    const en = readSeedHelp('us');
    const here = readSeedHelp(locale);
    expect(here.map((a) => a.category)).toEqual(en.map((a) => a.category));
    expect(new Set(here.map((a) => a.category))).toEqual(new Set(HELP_CATEGORIES));
    if (locale !== 'us') here.forEach((a, i) => expect(a.body).not.toBe(en[i]!.body));
  });
});

describe.each(forEachEngine())('help, notices, documents and service API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let userId: number;
  let opToken: string;

  beforeAll(async () => {
    t = await open({ seed: true });
    expect(await seedHelpIfEmpty(t.db.kysely)).toBe(true);
    expect(await seedHelpIfEmpty(t.db.kysely)).toBe(false);
    const { accounts } = accountsFor(t);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
    });
    await app.ready();
    const s = await registerUser(accounts);
    token = s.token;
    userId = s.userinfo.id;
    opToken = await operatorToken(app, accounts, 'content_ops');
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const call = apiCaller(() => app);

  it('serves the help centre in the reader’s language', async () => {
    const de = (await call('GET', '/api/help/list', { lang: 'de' })).json().data;
    expect(de).toHaveLength(7);
    expect(de[0]).toMatchObject({ category: 'wallet', title: 'Wie zahle ich Krypto ein?' });
    const article = helpArticleSchema.parse(
      (await call('GET', `/api/help/detail?id=${de[5].id}`, { lang: 'de' })).json().data,
    );
    expect(article.body).toContain('0,00000001');
    expect(article.locale).toBe('de');
    expect((await call('GET', '/api/help/detail?id=99999')).json()).toMatchObject({
      code: 404,
      msg: 'app.msg.record_not_found',
    });
    expect((await call('GET', '/api/help/detail')).json().msg).toBe('app.msg.parameter_error');
  });

  // The id was coerced with Number(): `0x1`, `1e0`, ` 1` and `1.0` all opened record 1, an
  // address naming no record opening one (the app's own links and the spot order ids take digits
  // alone).
  it.each(['/api/index/noticeDetail', '/api/help/detail'])(
    '%s takes an id of plain digits only',
    async (path) => {
      expect((await call('GET', `${path}?id=1`)).json().code).toBe(1);
      for (const id of ['0x1', '1e0', '%201', '1.0', '01', '+1']) {
        expect((await call('GET', `${path}?id=${id}`)).json(), id).toMatchObject({
          code: 400,
          msg: 'app.msg.parameter_error',
          data: { field: 'id' },
        });
      }
    },
  );

  it('serves a seeded notice and article in the reader’s language, whichever translation’s id was opened', async () => {
    const us = (await call('GET', '/api/index/notice', { lang: 'us' })).json().data;
    const listed = us.find((n: { title: string }) => n.title === 'New pairs listed');
    const cn = (await call('GET', '/api/index/notice', { lang: 'cn' })).json().data;
    const same = cn.find((n: { title: string }) => n.title === '新交易对上线');
    const inChinese = (await call('GET', `/api/index/noticeDetail?id=${listed.id}`, { lang: 'cn' })).json();
    expect(inChinese.data).toMatchObject({ id: same.id, title: '新交易对上线', locale: 'cn' });
    expect(
      (await call('GET', `/api/index/noticeDetail?id=${same.id}`, { lang: 'us' })).json().data,
    ).toMatchObject({ id: listed.id, title: 'New pairs listed', locale: 'us' });

    const deposit = (await call('GET', '/api/help/list', { lang: 'us' })).json().data[0];
    expect(
      (await call('GET', `/api/help/detail?id=${deposit.id}`, { lang: 'de' })).json().data,
    ).toMatchObject({ title: 'Wie zahle ich Krypto ein?', locale: 'de', category: 'wallet' });
  });

  it('lets operators publish, edit and delete notices, help articles and documents, with audit rows', async () => {
    const auth = { token: opToken };
    expect(
      (
        await call('POST', '/api/admin/notices', {
          token,
          payload: { locale: 'us', title: 'x', message: 'y' },
        })
      ).json().msg,
    ).toBe('app.msg.no_permission');
    const notice = (
      await call('POST', '/api/admin/notices', {
        ...auth,
        payload: { locale: 'fr', title: 'Maintenance', message: 'Ce soir.' },
      })
    ).json().data;
    const list = (await call('GET', '/api/index/notice', { lang: 'fr' })).json().data;
    expect(list[0]).toMatchObject({ id: notice.id, title: 'Maintenance' });
    await call('PUT', '/api/admin/notices', { ...auth, payload: { id: notice.id, message: 'Demain.' } });
    // Opened by its id in another language, it says which one it is written in.
    expect(
      (await call('GET', `/api/index/noticeDetail?id=${notice.id}`, { lang: 'de' })).json().data,
    ).toMatchObject({ title: 'Maintenance', message: 'Demain.', locale: 'fr' });
    await call('DELETE', '/api/admin/notices', { ...auth, payload: { id: notice.id } });
    expect((await call('GET', `/api/index/noticeDetail?id=${notice.id}`)).json().msg).toBe(
      'app.msg.record_not_found',
    );
    expect(
      (await call('DELETE', '/api/admin/notices', { ...auth, payload: { id: notice.id } })).json().msg,
    ).toBe('app.msg.record_not_found');

    const help = (
      await call('POST', '/api/admin/help', {
        ...auth,
        payload: { locale: 'it', category: 'security', title: 'Due fattori', body: 'Presto.', sort: 99 },
      })
    ).json().data;
    await call('PUT', '/api/admin/help', {
      ...auth,
      payload: { id: help.id, title: 'Autenticazione a due fattori' },
    });
    expect((await call('GET', '/api/help/list', { lang: 'it' })).json().data.at(-1).title).toBe(
      'Autenticazione a due fattori',
    );
    await call('DELETE', '/api/admin/help', { ...auth, payload: { id: help.id } });
    expect((await call('GET', '/api/help/list', { lang: 'it' })).json().data).toHaveLength(7);
    expect(
      (
        await call('POST', '/api/admin/help', {
          ...auth,
          payload: { locale: 'xx', category: 'security', title: 't', body: 'b' },
        })
      ).json().msg,
    ).toBe('app.msg.parameter_error');

    await call('PUT', '/api/admin/documents', {
      ...auth,
      payload: { locale: 'jp', type: 'msb', title: 'MSB 登録', body: '登録番号は 31000000000000 です。' },
    });
    expect((await call('GET', '/api/index/content?type=msb', { lang: 'jp' })).json().data).toEqual([
      expect.objectContaining({ title: 'MSB 登録', body: '登録番号は 31000000000000 です。' }),
    ]);
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '!=', 'operator.create')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'notice.create',
      'notice.update',
      'notice.delete',
      'help.create',
      'help.update',
      'help.delete',
      'document.save',
    ]);
  });

  it('refuses an edit that changes nothing, as the CLI does, and writes no audit row for it', async () => {
    const auth = { token: opToken };
    const made = {
      '/api/admin/notices': { locale: 'us', title: 'Same', message: 'Same.' },
      '/api/admin/help': { locale: 'us', category: 'account', title: 'Same', body: 'Same.' },
      '/api/admin/popups': { locale: 'us', title: 'Same', content: 'Same.' },
      '/api/admin/carousel': { locale: 'us', title: 'Same', image: '', link: '' },
    };
    for (const [path, payload] of Object.entries(made)) {
      const { id } = (await call('POST', path, { ...auth, payload })).json().data;
      const audited = async () => (await t.db.kysely.selectFrom('audit_log').select('id').execute()).length;
      const before = await audited();
      expect((await call('PUT', path, { ...auth, payload: { id } })).json(), path).toMatchObject({
        msg: 'app.msg.parameter_error',
      });
      expect(await audited(), path).toBe(before);
    }
  });

  it('links an operator’s translations by their slug, falling back to English, else the text as written', async () => {
    const auth = { token: opToken };
    const post = async (url: string, payload: object) =>
      (await call('POST', url, { ...auth, payload })).json();
    const en = (
      await post('/api/admin/notices', { locale: 'us', title: 'Fees', message: 'Lower.', slug: 'fees-2027' })
    ).data;
    expect(en.slug).toBe('fees-2027');
    const ja = (await post('/api/admin/notices', { locale: 'jp', title: '手数料', message: '値下げ。' }))
      .data;
    expect(ja.slug).toBeNull();
    // Linked afterwards, as an operator who forgot it does.
    await call('PUT', '/api/admin/notices', { ...auth, payload: { id: ja.id, slug: 'fees-2027' } });
    const read = async (id: number, lang: string) =>
      (await call('GET', `/api/index/noticeDetail?id=${id}`, { lang })).json().data;
    expect(await read(en.id, 'jp')).toMatchObject({ id: ja.id, title: '手数料', locale: 'jp' });
    expect(await read(ja.id, 'de')).toMatchObject({ id: en.id, title: 'Fees', locale: 'us' });
    const alone = (
      await post('/api/admin/notices', { locale: 'fr', title: 'Seul', message: 'Ici.', slug: 'alone' })
    ).data;
    expect(await read(alone.id, 'de')).toMatchObject({ id: alone.id, locale: 'fr' });

    expect(
      await post('/api/admin/notices', { locale: 'us', title: 'Again', message: 'x', slug: 'fees-2027' }),
    ).toMatchObject({ code: 409, msg: 'app.msg.slug_taken' });
    expect(
      (
        await call('PUT', '/api/admin/notices', { ...auth, payload: { id: alone.id, slug: 'Fees 2027' } })
      ).json(),
    ).toMatchObject({ code: 400, msg: 'app.msg.slug_invalid' });

    const article = async (locale: string, title: string) =>
      (await post('/api/admin/help', { locale, category: 'security', title, body: 'x', slug: 'keys' })).data;
    const help = await article('ru', 'Ключи');
    const helpEn = await article('us', 'Keys');
    expect((await call('GET', `/api/help/detail?id=${helpEn.id}`, { lang: 'ru' })).json().data).toMatchObject(
      { id: help.id, title: 'Ключи', locale: 'ru' },
    );
    expect(
      (await call('PUT', '/api/admin/help', { ...auth, payload: { id: help.id, slug: 'fees-2027' } })).json()
        .data.slug,
    ).toBe('fees-2027');
    // Unlinked again (a translation linked by mistake): null takes the slug away.
    const unlinked = await call('PUT', '/api/admin/notices', { ...auth, payload: { id: ja.id, slug: null } });
    expect(unlinked.json().data.slug).toBeNull();
    expect(await read(en.id, 'jp')).toMatchObject({ id: en.id, locale: 'us' });
    expect(
      (await call('PUT', '/api/admin/help', { ...auth, payload: { id: help.id, slug: null } })).json().data
        .slug,
    ).toBeNull();
    for (const id of [en.id, ja.id, alone.id])
      await call('DELETE', '/api/admin/notices', { ...auth, payload: { id } });
    for (const id of [help.id, helpEn.id])
      await call('DELETE', '/api/admin/help', { ...auth, payload: { id } });
  });

  it('keeps a customer-service thread the operator answers', async () => {
    expect((await call('GET', '/api/service/messages')).json().msg).toBe('app.msg.not_logged_in');
    expect((await call('POST', '/api/service/send', { token, payload: { body: '   ' } })).json().msg).toBe(
      'app.msg.field_required',
    );
    const mine = (
      await call('POST', '/api/service/send', { token, payload: { body: 'Where is my deposit?' } })
    ).json().data;
    expect(mine).toEqual([expect.objectContaining({ from: 'user', body: 'Where is my deposit?' })]);
    const threads = (await call('GET', '/api/admin/service/threads', { token: opToken })).json().data;
    expect(threads).toEqual([
      expect.objectContaining({ userId, waiting: true, lastMessage: 'Where is my deposit?' }),
    ]);
    await call('POST', '/api/admin/service/reply', {
      token: opToken,
      payload: { userId, body: 'It is confirming.' },
    });
    const thread = (await call('GET', '/api/service/messages', { token })).json().data;
    expect(thread.map((m: { from: string }) => m.from)).toEqual(['user', 'operator']);
    expect((await call('GET', '/api/admin/service/threads', { token: opToken })).json().data[0].waiting).toBe(
      false,
    );
    expect(
      (
        await call('POST', '/api/admin/service/reply', {
          token: opToken,
          payload: { userId: 999999, body: 'x' },
        })
      ).json().msg,
    ).toBe('app.msg.account_not_exist');
  });

  it('pages the service threads for the operator, newest first', async () => {
    const { accounts } = accountsFor(t);
    const writers = [await registerUser(accounts), await registerUser(accounts)];
    for (const w of writers)
      await call('POST', '/api/service/send', { token: w.token, payload: { body: 'Anyone there?' } });
    const page = async (n: number) =>
      (await call('GET', `/api/admin/service/threads?size=1&page=${n}`, { token: opToken }))
        .json()
        .data.map((th: { userId: number }) => th.userId);
    expect([await page(1), await page(2)]).toEqual([[writers[1]!.userinfo.id], [writers[0]!.userinfo.id]]);
    expect((await call('GET', '/api/admin/service/threads?size=201', { token: opToken })).json().msg).toBe(
      'app.msg.parameter_error',
    );
  });

  it('tells the operator reading the thread of a user who does not exist so, not an empty thread', async () => {
    const quiet = await registerUser(accountsFor(t).accounts);
    const empty = await call('GET', `/api/admin/service/messages?userId=${quiet.userinfo.id}`, {
      token: opToken,
    });
    expect(empty.json()).toMatchObject({ code: 1, data: [] });
    const nobody = await call('GET', '/api/admin/service/messages?userId=999999', { token: opToken });
    expect(nobody.json().msg).toBe('app.msg.account_not_exist');
  });

  it('keeps control characters out of a customer-service message', async () => {
    const nul = await call('POST', '/api/service/send', { token, payload: { body: '\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toBe('app.msg.field_required');
    const sent = (
      await call('POST', '/api/service/send', {
        token,
        payload: { body: 'Still\u0000 waiting\u0007\nthanks' },
      })
    ).json().data;
    expect(sent.at(-1)).toMatchObject({ from: 'user', body: 'Still waiting\nthanks' });
  });

  it('refuses a customer-service message past 1 000 characters, counted as kept, and sends nothing', async () => {
    const before = (await call('GET', '/api/service/messages', { token })).json().data.length;
    const long = await call('POST', '/api/service/send', { token, payload: { body: 'x'.repeat(1001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ msg: 'app.msg.text_too_long', data: { field: 'body' } });
    expect((await call('GET', '/api/service/messages', { token })).json().data).toHaveLength(before);
    // An emoji is one character, and the spaces around a message are not kept.
    const full = await call('POST', '/api/service/send', {
      token,
      payload: { body: ` ${'😀'.repeat(1000)} ` },
    });
    expect(full.statusCode).toBe(200);
  });
});
