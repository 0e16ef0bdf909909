import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSchema, financPageSchema } from '../../../protocol';
import { seedAccountsIfEmpty, SEED_TRADER } from '../../../server/db/seed/accounts';
import { DEMO_FUNDS, seedFundsIfEmpty } from '../../../server/db/seed/funds';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { buildApp } from '../../../server/http/app';
import { accountsFor, registerUser } from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

describe.each(forEachEngine())('assets API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let ledger: Ledger;
  let token: string;

  beforeAll(async () => {
    t = await open({ seed: true });
    const { accounts } = accountsFor(t);
    ledger = createLedger(t.db);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      ledger,
    });
    await app.ready();
    const session = await registerUser(accounts);
    token = session.token;
    await ledger.post([
      {
        userId: session.userinfo.id,
        asset: 'USDT',
        available: 2_500_000_000n,
        frozen: 0n,
        type: 'app.data.deposit',
        ref: 'deposit:1',
      },
      {
        userId: session.userinfo.id,
        asset: 'BTC',
        available: 1_000_000n,
        frozen: 0n,
        type: 'app.data.deposit',
        ref: 'deposit:2',
      },
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const get = (url: string, withToken = true) =>
    app.inject({ method: 'GET', url, headers: withToken ? { token } : {} });

  it('asks for a login', async () => {
    const res = await get('/api/assets/balances', false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: 'app.msg.not_logged_in' });
  });

  it('keeps an account’s answers out of every cache, and the public ones cacheable', async () => {
    for (const url of ['/api/assets/balances', '/api/assets/financ'])
      expect((await get(url)).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/index/config', false)).headers['cache-control']).toBeUndefined();
  });

  it('answers the balances as exact decimal strings', async () => {
    const res = await get('/api/assets/balances');
    const data = res.json().data;
    expect(data.map((b: unknown) => balanceSchema.parse(b))).toEqual([
      { asset: 'BTC', available: '0.01000000', frozen: '0.00000000' },
      { asset: 'USDT', available: '25.00000000', frozen: '0.00000000' },
    ]);
  });

  it('lists the financial records with a type filter', async () => {
    const all = financPageSchema.parse((await get('/api/assets/financ')).json().data);
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({
      asset: 'BTC',
      type: 'app.data.deposit',
      availableChange: '0.01000000',
    });
    const none = financPageSchema.parse((await get('/api/assets/financ?type=app.data.withdraw')).json().data);
    expect(none.total).toBe(0);
    const usdt = financPageSchema.parse((await get('/api/assets/financ?asset=usdt&size=1')).json().data);
    expect(usdt.list.map((e) => e.availableAfter)).toEqual(['25.00000000']);
  });

  it('refuses an unknown type, a bad page and unknown fields', async () => {
    expect((await get('/api/assets/financ?type=app.data.free_money')).json().msg).toBe(
      'app.msg.parameter_error',
    );
    expect((await get('/api/assets/financ?page=0')).json().msg).toBe('app.msg.parameter_error');
    expect((await get("/api/assets/financ?asset=' or 1=1")).json().msg).toBe('app.msg.parameter_error');
    expect((await get('/api/assets/financ?userId=1')).json().msg).toBe('app.msg.unknown_parameter');
  });

  it('funds the house and the demo trader once, through the journal', async () => {
    await seedAccountsIfEmpty(t.db.kysely, { scryptN: 1024 });
    expect(await seedFundsIfEmpty(t.db, ledger)).toBe(true);
    expect(await seedFundsIfEmpty(t.db, ledger)).toBe(false);
    const trader = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', SEED_TRADER.username)
      .executeTakeFirstOrThrow();
    const balances = await ledger.balances(trader.id);
    expect(Object.fromEntries(balances.map((b) => [b.asset, b.available]))).toEqual({
      BTC: '0.50000000',
      ETH: '5.00000000',
      USDT: '10000.00000000',
    });
    expect(Object.keys(DEMO_FUNDS).sort()).toEqual(['BTC', 'ETH', 'USDT']);
    const records = await ledger.financ(trader.id, { page: 1, size: 10 });
    expect(records.list.every((e) => e.type === 'app.data.demo_funding')).toBe(true);
  });
});
