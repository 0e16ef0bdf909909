import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defiProductSchema,
  earningsSchema,
  incomePageSchema,
  pledgePageSchema,
  pledgeRecordSchema,
} from '../../../protocol';
import { seedDefiIfEmpty } from '../../../server/db/seed/defi';
import { buildApp } from '../../../server/http/app';
import { accountsFor, registerUser, operatorToken } from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from '../staking/helpers';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

describe.each(forEachEngine())('staking API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let h: ReturnType<typeof stakingHarness>;
  let token: string;
  let unverifiedToken: string;
  let unverifiedId: number;
  let opToken: string;
  let productId: number;

  beforeAll(async () => {
    t = await open({ seed: true });
    await seedDefiIfEmpty(t.db.kysely);
    const { accounts } = accountsFor(t);
    h = stakingHarness(t);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      ledger: h.ledger,
      staking: h.staking,
    });
    await app.ready();
    await h.fundHouse('USDT', 1_000_000n * UNIT);
    const verified = await registerUser(accounts);
    await t.db.kysely
      .updateTable('users')
      .set({ certification: 2 })
      .where('id', '=', verified.userinfo.id)
      .execute();
    await h.ledger.post([
      {
        userId: verified.userinfo.id,
        asset: 'USDT',
        available: 20_000n * UNIT,
        frozen: 0n,
        type: 'app.data.deposit',
        ref: 'd:1',
      },
    ]);
    token = verified.token;
    const unverified = await registerUser(accounts);
    unverifiedToken = unverified.token;
    unverifiedId = unverified.userinfo.id;
    opToken = await operatorToken(app, accounts, 'staker_ops');
    productId = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/defi/products',
        headers: { token: opToken },
        payload: {
          name: 'Tiny 2',
          asset: 'usdt',
          cycleDays: 2,
          dailyYield: '1',
          minAmount: '100',
          maxAmount: '1000',
          totalQuota: '1500',
          purchaseLimit: 2,
          sort: 10,
        },
      })
    ).json().data.id;
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tok: string | null = token) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: tok ? { token: tok } : {} });
  const pledge = (amount: string, tok: string | null = token, id = productId) =>
    call('POST', '/api/defi/pledge', { productId: id, amount }, tok);

  it('asks for a login', async () => {
    for (const url of [
      '/api/defi/products',
      '/api/defi/pledgeRecord',
      '/api/defi/incomeRecord',
      '/api/defi/earnings',
    ]) {
      expect((await call('GET', url, undefined, null)).json()).toMatchObject({
        code: 401,
        msg: 'app.msg.not_logged_in',
      });
    }
    expect((await pledge('100', null)).json().msg).toBe('app.msg.not_logged_in');
  });

  it('lists the seeded and the operator’s products with yields, quotas and limits', async () => {
    const list = (await call('GET', '/api/defi/products'))
      .json()
      .data.map((p: unknown) => defiProductSchema.parse(p));
    expect(list.map((p: { name: string }) => p.name)).toEqual([
      'USDT Saver 7',
      'USDT Saver 30',
      'USDT Saver 90',
      'ETH Staking 30',
      'Tiny 2',
    ]);
    expect(list[0]).toMatchObject({
      asset: 'USDT',
      cycleDays: 7,
      dailyYield: '0.020000',
      annualRate: '7.300000',
      minAmount: '100.00000000',
      maxAmount: '50000.00000000',
      remainingQuota: '1000000.00000000',
      purchaseLimit: 5,
      purchased: 0,
    });
    const detail = (await call('GET', `/api/defi/detail?id=${productId}`)).json();
    expect(detail.data).toMatchObject({
      name: 'Tiny 2',
      asset: 'USDT',
      dailyYield: '1.000000',
      annualRate: '365.000000',
    });
    expect((await call('GET', '/api/defi/detail?id=9999')).json()).toMatchObject({
      code: 404,
      msg: 'app.msg.record_not_found',
    });
    expect((await call('GET', '/api/defi/detail?id=x')).json().msg).toBe('app.msg.parameter_error');
  });

  it('answers every pledge rule with its message', async () => {
    const msg = async (amount: string, tok?: string | null, id?: number) =>
      (await pledge(amount, tok, id)).json().msg;
    // The limits as every amount on the wire is written, not in the ledger's 10^-8 units.
    expect((await pledge('99.99999999')).json()).toEqual({
      code: 400,
      msg: 'app.msg.outside_limit',
      data: { min: '100.00000000', max: '1000.00000000' },
    });
    expect(await msg('1000.00000001')).toBe('app.msg.outside_limit');
    // The wallet's amount rule and message, as the deposit and withdrawal forms have them.
    for (const amount of ['12.123456789', 'abc', '0', '-500', ' 100 ', '0100', '1e3'])
      expect(await msg(amount), amount).toBe('app.msg.amount_invalid');
    // Nothing typed is asked for, as every empty field is.
    for (const amount of ['', '  ']) expect(await msg(amount), amount).toBe('app.msg.field_required');
    expect((await pledge('100', unverifiedToken)).json()).toMatchObject({
      code: 403,
      msg: 'app.msg.verification_required',
    });
    expect(await msg('100', token, 9999)).toBe('app.msg.record_not_found');
    expect((await call('POST', '/api/defi/pledge', { productId, amount: '100', extra: 1 })).json().msg).toBe(
      'app.msg.unknown_parameter',
    );
    const first = await pledge('1000');
    expect(first.json().code).toBe(1);
    expect(pledgeRecordSchema.parse(first.json().data)).toMatchObject({
      dailyIncome: '10.00000000',
      projectedIncome: '20.00000000',
    });
    expect(await msg('600')).toBe('app.msg.investment_exceeds_limit');
    expect((await pledge('500')).json().code).toBe(1);
    await call('PUT', '/api/admin/defi/products', { id: productId, totalQuota: '5000' }, opToken);
    expect(await msg('100')).toBe('app.msg.no_purchase_times');
    const poor = (await call('GET', '/api/defi/products'))
      .json()
      .data.find((p: { name: string }) => p.name === 'USDT Saver 90');
    await call('PUT', '/api/admin/defi/products', { id: poor.id, maxAmount: '1000000' }, opToken);
    expect(await msg('100000', token, poor.id)).toBe('app.msg.insufficient_balance');
    expect((await pledge('100000', token, poor.id)).statusCode).toBe(400);
  });

  it('shows records, income and earnings as the days pass', async () => {
    h.advanceDays(1);
    expect((await call('POST', '/api/admin/defi/accrue', {}, opToken)).json().data).toEqual({
      days: 2,
      settled: 0,
      failed: 0,
    });
    const records = pledgePageSchema.parse((await call('GET', '/api/defi/pledgeRecord')).json().data);
    expect(records.list.map((p) => [p.amount, p.todayIncome, p.cumulativeIncome, p.status])).toEqual([
      ['500.00000000', '5.00000000', '5.00000000', 'app.data.pledge_earning'],
      ['1000.00000000', '10.00000000', '10.00000000', 'app.data.pledge_earning'],
    ]);
    h.advanceDays(1);
    await call('POST', '/api/admin/defi/accrue', {}, opToken);
    const settled = pledgePageSchema.parse(
      (await call('GET', '/api/defi/pledgeRecord?status=app.data.pledge_settled')).json().data,
    );
    expect(settled.total).toBe(2);
    expect(settled.list.every((p) => p.settledAt === h.clock.now)).toBe(true);
    const income = incomePageSchema.parse((await call('GET', '/api/defi/incomeRecord?size=3')).json().data);
    expect(income.total).toBe(4);
    expect(income.list).toHaveLength(3);
    // Each names the pledge it is of by its amount and cycle.
    expect(income.list.map((r) => [r.principal, r.cycleDays, r.day, r.amount])).toEqual([
      ['500.00000000', 2, 2, '5.00000000'],
      ['1000.00000000', 2, 2, '10.00000000'],
      ['500.00000000', 2, 1, '5.00000000'],
    ]);
    // Another user naming these pledges reads what a pledge that does not exist has: nothing.
    const mine = income.list[0]!.pledgeId;
    const asOther = (id: number) =>
      call('GET', `/api/defi/incomeRecord?pledgeId=${id}`, undefined, unverifiedToken);
    expect((await asOther(mine)).json()).toEqual((await asOther(mine + 1_000_000)).json());
    expect((await asOther(mine)).json().data).toMatchObject({ total: 0, list: [] });
    expect(earningsSchema.parse((await call('GET', '/api/defi/earnings')).json().data)).toEqual([
      {
        asset: 'USDT',
        pledged: '0.00000000',
        today: '15.00000000',
        cumulative: '30.00000000',
        projected: '0.00000000',
      },
    ]);
    const balances = (await call('GET', '/api/assets/balances')).json().data;
    expect(balances).toEqual([{ asset: 'USDT', available: '20030.00000000', frozen: '0.00000000' }]);
    expect((await call('GET', '/api/defi/pledgeRecord?status=won')).json().msg).toBe(
      'app.msg.parameter_error',
    );
  });

  it('keeps the operator API for operators, with an audit row per change', async () => {
    expect((await call('GET', '/api/admin/defi/products')).json().msg).toBe('app.msg.no_permission');
    const pledges = (await call('GET', '/api/admin/defi/pledges', undefined, opToken)).json().data;
    expect(pledges).toHaveLength(2);
    // A page at a time, newest first: the older ones are on the next page, not out of reach.
    const page = async (n: number) =>
      (await call('GET', `/api/admin/defi/pledges?size=1&page=${n}`, undefined, opToken))
        .json()
        .data.map((p: { id: number }) => p.id);
    expect([await page(1), await page(2), await page(3)]).toEqual([[pledges[0].id], [pledges[1].id], []]);
    expect((await call('GET', '/api/admin/defi/pledges?size=201', undefined, opToken)).json().msg).toBe(
      'app.msg.parameter_error',
    );
    // The old `limit` is refused by name, as every admin list refuses a parameter it does not
    // take: read as nothing, a script still sending it would get 200 rows and think it got its 5.
    expect((await call('GET', '/api/admin/defi/pledges?limit=5', undefined, opToken)).json()).toEqual({
      code: 400,
      msg: 'app.msg.unknown_parameter',
      data: { field: 'limit' },
    });
    const unknownUser = await call('GET', '/api/admin/defi/pledges?userId=999999', undefined, opToken);
    expect(unknownUser.json().msg).toBe('app.msg.account_not_exist');
    const noPledges = await call('GET', `/api/admin/defi/pledges?userId=${unverifiedId}`, undefined, opToken);
    expect(noPledges.json()).toMatchObject({ code: 1, data: [] });
    const nothing = await call('PUT', '/api/admin/defi/products', { id: productId }, opToken);
    expect(nothing.json().msg).toBe('app.msg.parameter_error');
    const bad = await call('PUT', '/api/admin/defi/products', { id: productId, totalQuota: '1' }, opToken);
    expect(bad.json().msg).toBe('app.msg.parameter_error');
    const wrongTerms = await call(
      'PUT',
      '/api/admin/defi/products',
      { id: productId, minAmount: '5000' },
      opToken,
    );
    expect(wrongTerms.json().msg).toBe('app.msg.parameter_error');
    // One unit past a 64-bit column, which SQLite would have clamped and PostgreSQL refused.
    const huge = await call(
      'PUT',
      '/api/admin/defi/products',
      { id: productId, totalQuota: '92233720368.54775808' },
      opToken,
    );
    expect(huge.json().msg).toBe('app.msg.parameter_error');
    const hugeNew = await call(
      'POST',
      '/api/admin/defi/products',
      {
        name: 'Huge',
        asset: 'usdt',
        cycleDays: 1,
        dailyYield: '1',
        minAmount: '1',
        maxAmount: '92233720368.54775808',
        totalQuota: '2',
        purchaseLimit: 1,
      },
      opToken,
    );
    expect(hugeNew.json().msg).toBe('app.msg.parameter_error');
    // A coin the exchange does not know would be offered to users who could never pledge it.
    const unknown = await call(
      'POST',
      '/api/admin/defi/products',
      {
        name: 'Nope',
        asset: 'nope',
        cycleDays: 14,
        dailyYield: '0.025',
        minAmount: '100',
        maxAmount: '50000',
        totalQuota: '500000',
        purchaseLimit: 3,
      },
      opToken,
    );
    expect(unknown.json()).toMatchObject({ msg: 'app.msg.currency_not_exist', data: { field: 'asset' } });
    expect(
      (await call('GET', '/api/admin/defi/products', undefined, opToken))
        .json()
        .data.map((p: { asset: string }) => p.asset),
    ).not.toContain('NOPE');
    // A daily yield past 10 % (50 typed for 0.50) is a slip, refused with nothing changed.
    const terms = async () =>
      (await call('GET', '/api/admin/defi/products', undefined, opToken))
        .json()
        .data.find((p: { id: number }) => p.id === productId);
    const kept = await terms();
    for (const dailyYield of ['10.000001', '99999999999999999999.999999'])
      expect(
        (await call('PUT', '/api/admin/defi/products', { id: productId, dailyYield }, opToken)).json(),
      ).toMatchObject({ msg: 'app.msg.parameter_error', data: { field: 'dailyYield' } });
    expect(await terms()).toEqual(kept);
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'defi.%')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'defi.product.create',
      'defi.product.update',
      'defi.product.update',
    ]);
  });
});
