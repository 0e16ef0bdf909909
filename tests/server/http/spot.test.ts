import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotOrderDetailSchema, spotOrderPageSchema, spotOrderSchema } from '../../../protocol';
import type { AccountService } from '../../../server/domain/accounts';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { buildApp } from '../../../server/http/app';
import { DEFAULT_SPOT_CONFIG } from '../../../server/spot/config';
import { configureSpotPair } from '../../../server/spot/settings';
import { createSpot, type SpotService } from '../../../server/spot/service';
import { accountsFor, registerUser, testClock, type TestClock } from '../helpers/accounts';
import { fund, tick } from '../helpers/spot';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

describe.each(forEachEngine())('spot API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let accounts: AccountService;
  let ledger: Ledger;
  let spot: SpotService;
  let clock: TestClock;

  const newSpot = () =>
    createSpot({
      db: t.db,
      ledger,
      // No house quotes here (their own test below): every fill in these tests is between users.
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 0 },
      now: () => clock.now,
      certificationOn: async () => true,
    });

  const call = async (method: 'GET' | 'POST', url: string, token: string | undefined, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const buy = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/cointransaction/orderbuy', token, { pair: 'btcusdt', ...body });
  const sell = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/cointransaction/ordersell', token, { pair: 'btcusdt', ...body });
  const failure = (status: number, name: string) => ({
    status,
    body: { code: status, msg: `app.msg.${name}`, data: null },
  });

  const trader = async (
    funds: Record<string, string> = { USDT: '100000', BTC: '2' },
    certification: number | null = 2,
  ) => {
    const s = await registerUser(accounts);
    const id = s.userinfo.id as number;
    await t.db.kysely.updateTable('users').set({ certification }).where('id', '=', id).execute();
    await fund(ledger, id, funds);
    return { token: s.token, id };
  };
  const balance = async (id: number, asset: string) =>
    (await ledger.balances(id)).find((b) => b.asset === asset) ?? { asset, available: '0', frozen: '0' };

  beforeAll(async () => {
    t = await open({ seed: true });
    clock = testClock();
    accounts = accountsFor(t).accounts;
    ledger = createLedger(t.db);
    await t.db.kysely.updateTable('pairs').set({ spot_enabled: 0 }).where('tradecoin', '=', 'DOT').execute();
    spot = newSpot();
    await spot.start();
    tick(spot, 'btcusdt', '100000.00', clock.now);
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      ledger,
      spot,
    });
  });
  afterAll(async () => {
    await app?.close();
    await spot?.stop();
    await t?.close();
  });

  it('rests a limit buy below the market with its cost frozen, and lists it as open', async () => {
    const a = await trader();
    const res = await buy(a.token, { type: 'limit', price: '99000.00', qty: '0.5' });
    expect(res.status).toBe(200);
    const order = spotOrderSchema.parse(res.body.data);
    expect(order).toMatchObject({
      side: 'buy',
      type: 'limit',
      price: '99000.00',
      qty: '0.50000',
      amount: '49500',
      filledQty: '0.00000',
      status: 'app.data.order_pending',
      avgPrice: null,
    });
    expect(await balance(a.id, 'USDT')).toMatchObject({
      available: '50500.00000000',
      frozen: '49500.00000000',
    });
    const list = spotOrderPageSchema.parse(
      (await call('GET', '/api/cointransaction/list?tab=open', a.token)).body.data,
    );
    expect(list.list.map((o) => o.id)).toEqual([order.id]);
    expect(spot.depth('btcusdt', 5).bids[0]).toEqual(['99000.00', '0.50000']);
  });

  it('fills a market buy against resting sells, with fee, deal price and fills in the detail', async () => {
    const maker = await trader();
    const taker = await trader();
    await sell(maker.token, { type: 'limit', price: '100100.00', qty: '0.1' });
    await sell(maker.token, { type: 'limit', price: '100200.00', qty: '0.1' });
    const res = await buy(taker.token, { type: 'market', qty: '0.15' });
    const order = spotOrderSchema.parse(res.body.data);
    expect(order).toMatchObject({
      status: 'app.data.order_completed',
      filledQty: '0.15000',
      filledAmount: '15020',
      avgPrice: '100133.33',
      fee: '0.00015',
      feeAsset: 'BTC',
    });
    const detail = spotOrderDetailSchema.parse(
      (await call('GET', `/api/cointransaction/detail?id=${order.id}`, taker.token)).body.data,
    );
    expect(detail.fills.map((f) => [f.price, f.qty, f.role])).toEqual([
      ['100100.00', '0.10000', 'taker'],
      ['100200.00', '0.05000', 'taker'],
    ]);
    // The maker got the quote less 0.1 %; the fee account holds both fees.
    expect(await balance(maker.id, 'USDT')).toMatchObject({ available: '115004.98000000' });
    expect(await balance(taker.id, 'BTC')).toMatchObject({ available: '2.14985000', frozen: '0.00000000' });
    const fees = await ledger.balances(SYSTEM_ACCOUNTS.fees);
    expect(fees.find((b) => b.asset === 'BTC')?.available).toMatch(/^0\.000/);
    expect(spot.trades('btcusdt', 2).map((p) => p.side)).toEqual(['buy', 'buy']);
  });

  it('buys for an amount at market, spending no more than it', async () => {
    const maker = await trader();
    const taker = await trader({ USDT: '1000' });
    await sell(maker.token, { type: 'limit', price: '100050.00', qty: '1' });
    const res = await buy(taker.token, { type: 'market', amount: '500' });
    expect(spotOrderSchema.parse(res.body.data)).toMatchObject({ amount: '500', filledQty: '0.00499' });
    expect(await balance(taker.id, 'USDT')).toMatchObject({
      frozen: '0.00000000',
      available: '500.75050000',
    });
  });

  it('answers limit failures with 2001 / 2002 and the limit as value', async () => {
    const a = await trader();
    expect((await buy(a.token, { type: 'limit', price: '106000.00', qty: '0.1' })).body).toEqual({
      code: 2001,
      msg: 'app.msg.order_price_max',
      data: { message: 'app.msg.order_price_max', value: '105000.00' },
    });
    expect((await sell(a.token, { type: 'limit', price: '94000.00', qty: '0.1' })).body).toEqual({
      code: 2002,
      msg: 'app.msg.order_price_min',
      data: { message: 'app.msg.order_price_min', value: '95000.00' },
    });
    expect((await buy(a.token, { type: 'limit', price: '100000.00', qty: '0.00001' })).body).toEqual({
      code: 2001,
      msg: 'app.msg.order_amount_min',
      data: { message: 'app.msg.order_amount_min', value: '5 USDT' },
    });
    expect((await buy(a.token, { type: 'market', amount: '4.99' })).body.code).toBe(2001);
  });

  it('refuses a missing or malformed price or size, never rounding it', async () => {
    const a = await trader();
    expect(await buy(a.token, { type: 'limit', qty: '0.1' })).toEqual(failure(400, 'price_required'));
    expect(await buy(a.token, { type: 'limit', price: '99000.001', qty: '0.1' })).toEqual(
      failure(400, 'price_invalid'),
    );
    expect(await buy(a.token, { type: 'limit', price: 'abc', qty: '0.1' })).toEqual(
      failure(400, 'price_invalid'),
    );
    expect(await buy(a.token, { type: 'limit', price: '99000', qty: '0.123456' })).toEqual(
      failure(400, 'amount_invalid'),
    );
    expect(await buy(a.token, { type: 'limit', price: '99000', qty: '0' })).toEqual(
      failure(400, 'amount_invalid'),
    );
    // Written as no other money field takes it: leading zeros, an exponent, a sign, spaces.
    for (const qty of ['00.1', '1e-1', '+0.1', '.1', ' 0.1', '0.1 '])
      expect(await buy(a.token, { type: 'limit', price: '99000', qty })).toEqual(
        failure(400, 'amount_invalid'),
      );
    expect(await buy(a.token, { type: 'limit', price: '099000', qty: '0.1' })).toEqual(
      failure(400, 'price_invalid'),
    );
    expect(await buy(a.token, { type: 'market', amount: '0100' })).toEqual(failure(400, 'amount_invalid'));
    // A size left empty, or not sent, is asked for rather than called invalid.
    expect(await buy(a.token, { type: 'limit', price: '99000', qty: '' })).toEqual(
      failure(400, 'quantity_required'),
    );
    expect(await buy(a.token, { type: 'market', amount: ' ' })).toEqual(failure(400, 'amount_required'));
    expect(await buy(a.token, { type: 'market' })).toEqual(failure(400, 'quantity_required'));
    expect(await buy(a.token, { type: 'market', amount: ' 10' })).toEqual(failure(400, 'amount_invalid'));
    expect(await buy(a.token, { type: 'limit', price: ' 99000', qty: '0.1' })).toEqual(
      failure(400, 'price_invalid'),
    );
    // A size given two ways, a price a market order would not use, or an amount to spend on a
    // sell (which sells a quantity), is refused, not ignored.
    for (const [place, req, field] of [
      [buy, { type: 'market', qty: '0.001', amount: '100' }, 'amount'],
      [buy, { type: 'limit', price: '99000', qty: '0.1', amount: '9900' }, 'amount'],
      [sell, { type: 'market', price: '99000', qty: '0.001' }, 'price'],
      [sell, { type: 'market', amount: '100' }, 'amount'],
      [sell, { type: 'market', qty: '0.001', amount: '100' }, 'amount'],
    ] as const)
      expect((await place(a.token, req)).body).toEqual({
        code: 400,
        msg: 'app.msg.parameter_error',
        data: { field },
      });
    expect((await buy(a.token, { type: 'limit', price: '99000', qty: '0.1', extra: 1 })).body.msg).toBe(
      'app.msg.unknown_parameter',
    );
    expect((await call('POST', '/api/cointransaction/orderbuy', a.token, { type: 'stop' })).status).toBe(400);
  });

  it('refuses what the balance cannot cover, leaving nothing behind', async () => {
    const a = await trader({ USDT: '100' });
    expect(await buy(a.token, { type: 'limit', price: '99000', qty: '0.01' })).toEqual(
      failure(400, 'insufficient_balance'),
    );
    expect(await balance(a.id, 'USDT')).toMatchObject({ available: '100.00000000', frozen: '0.00000000' });
    const list = spotOrderPageSchema.parse(
      (await call('GET', '/api/cointransaction/list?tab=all', a.token)).body.data,
    );
    expect(list.total).toBe(0);
  });

  it("follows an operator's change to a pair's spot settings", async () => {
    const a = await trader();
    const cli = { operatorId: null, name: 'cli:test' };
    await configureSpotPair(t.db, cli, { pair: 'btcusdt', minAmount: '60000' });
    await spot.reloadSettings();
    expect(await buy(a.token, { type: 'limit', price: '99000.00', qty: '0.5' })).toMatchObject({
      body: { code: 2001, msg: 'app.msg.order_amount_min', data: { value: '60000 USDT' } },
    });
    await configureSpotPair(t.db, cli, { pair: 'btcusdt', enabled: false, minAmount: '5' });
    await spot.reloadSettings();
    expect(await buy(a.token, { type: 'limit', price: '99000.00', qty: '0.5' })).toEqual(
      failure(400, 'spot_not_enabled'),
    );
    await configureSpotPair(t.db, cli, { pair: 'btcusdt', enabled: true });
    await spot.reloadSettings();
    expect((await buy(a.token, { type: 'limit', price: '99000.00', qty: '0.5' })).status).toBe(200);
  });

  it('refuses unknown pairs, pairs without spot, disabled accounts and unverified users', async () => {
    const a = await trader();
    expect(await buy(a.token, { pair: 'xyzusdt', type: 'market', qty: '1' })).toEqual(
      failure(404, 'currency_not_exist'),
    );
    expect(await buy(a.token, { pair: 'dotusdt', type: 'market', qty: '1' })).toEqual(
      failure(400, 'spot_not_enabled'),
    );
    await t.db.kysely.updateTable('users').set({ trading_disabled: 1 }).where('id', '=', a.id).execute();
    expect(await buy(a.token, { type: 'market', qty: '0.01' })).toEqual(failure(403, 'trading_disabled'));
    const never = await trader(undefined, null);
    expect(await buy(never.token, { type: 'market', qty: '0.01' })).toEqual(
      failure(403, 'verification_required'),
    );
    const review = await trader(undefined, 0);
    expect(await buy(review.token, { type: 'market', qty: '0.01' })).toEqual(
      failure(409, 'verification_pending'),
    );
    expect(
      (await call('POST', '/api/cointransaction/orderbuy', undefined, { pair: 'btcusdt', type: 'market' }))
        .status,
    ).toBe(401);
  });

  it('refuses orders while the reference price is stale', async () => {
    const a = await trader();
    clock.advance(DEFAULT_SPOT_CONFIG.staleMs + 1);
    expect(await buy(a.token, { type: 'market', qty: '0.01' })).toEqual(failure(409, 'price_abnormal'));
    tick(spot, 'btcusdt', '100000.00', clock.now);
    expect((await buy(a.token, { type: 'limit', price: '99000', qty: '0.01' })).status).toBe(200);
  });

  it('answers a repeated client order id with the first result, placing once', async () => {
    const a = await trader();
    const body = { type: 'limit', price: '98000.00', qty: '0.1', clientOid: 'retry-1' };
    const [first, second] = await Promise.all([buy(a.token, body), buy(a.token, body)]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await buy(a.token, body)).body.data.id).toBe(first.body.data.id);
    expect(await balance(a.id, 'USDT')).toMatchObject({ frozen: '9800.00000000' });
    // The same order written otherwise is the same order.
    const same = await buy(a.token, { ...body, price: '98000', qty: '0.10000' });
    expect(same.body.data.id).toBe(first.body.data.id);
  });

  it('answers a retry with the first result after the account or the pair was closed to new orders', async () => {
    const a = await trader();
    const body = { type: 'limit', price: '98000.00', qty: '0.1', clientOid: 'closed-1' };
    const first = (await buy(a.token, body)).body.data as { id: number };
    await t.db.kysely.updateTable('users').set({ trading_disabled: 1 }).where('id', '=', a.id).execute();
    expect((await buy(a.token, body)).body.data).toMatchObject({
      id: first.id,
      status: 'app.data.order_pending',
    });
    expect(await buy(a.token, { ...body, clientOid: 'closed-2' })).toEqual(failure(403, 'trading_disabled'));
    await t.db.kysely.updateTable('users').set({ trading_disabled: 0 }).where('id', '=', a.id).execute();
    const cli = { operatorId: null, name: 'cli:test' };
    await configureSpotPair(t.db, cli, { pair: 'btcusdt', enabled: false });
    await spot.reloadSettings();
    try {
      expect((await buy(a.token, body)).body.data).toMatchObject({ id: first.id });
      expect(await buy(a.token, { ...body, clientOid: 'closed-2' })).toEqual(
        failure(400, 'spot_not_enabled'),
      );
    } finally {
      await configureSpotPair(t.db, cli, { pair: 'btcusdt', enabled: true });
      await spot.reloadSettings();
    }
    expect(await balance(a.id, 'USDT')).toMatchObject({ frozen: '9800.00000000' });
  });

  it('refuses a client order id already used for another order, placing nothing', async () => {
    const a = await trader({ USDT: '100000', BTC: '2', ETH: '1' });
    tick(spot, 'ethusdt', '3000.00', clock.now);
    const body = { type: 'limit', price: '98000.00', qty: '0.1', clientOid: 'reuse-1' };
    expect((await buy(a.token, body)).status).toBe(200);
    const before = [await balance(a.id, 'USDT'), await balance(a.id, 'BTC')];
    for (const [place, req] of [
      [sell, body],
      [buy, { ...body, price: '97000.00' }],
      [buy, { ...body, qty: '0.2' }],
      [buy, { type: 'market', qty: '0.1', clientOid: 'reuse-1' }],
      [buy, { ...body, pair: 'ethusdt', price: '3000.00' }],
    ] as const)
      expect(await place(a.token, req)).toEqual(failure(409, 'client_oid_used'));
    expect([await balance(a.id, 'USDT'), await balance(a.id, 'BTC')]).toEqual(before);
    const list = spotOrderPageSchema.parse(
      (await call('GET', '/api/cointransaction/list?tab=all', a.token)).body.data,
    );
    expect(list.total).toBe(1);
    // Two different orders under one id at once, on two books: one is placed, the other refused.
    const race = { type: 'limit', qty: '0.01', clientOid: 'race-1' };
    const answers = await Promise.all([
      buy(a.token, { ...race, price: '96000.00' }),
      sell(a.token, { ...race, pair: 'ethusdt', price: '3100.00' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body).toEqual(failure(409, 'client_oid_used').body);
    const placed = spotOrderPageSchema.parse(
      (await call('GET', '/api/cointransaction/list?tab=all', a.token)).body.data,
    );
    expect(placed.total).toBe(2);
    const won = answers.find((r) => r.status === 200)!.body.data as { id: number; pair: string };
    expect([await balance(a.id, 'USDT'), await balance(a.id, 'ETH')]).toMatchObject(
      won.pair === 'btcusdt'
        ? [{ frozen: '10760.00000000' }, { frozen: '0.00000000' }]
        : [{ frozen: '9800.00000000' }, { frozen: '0.01000000' }],
    );
    // The ethusdt book is the house tests' below.
    await call('POST', '/api/cointransaction/cancel', a.token, { id: won.id });
  });

  it('cancels an open order, releasing its funds; only its owner can, and twice is harmless', async () => {
    const a = await trader();
    const b = await trader();
    const id = (await buy(a.token, { type: 'limit', price: '97000.00', qty: '0.2' })).body.data.id as number;
    expect(await call('POST', '/api/cointransaction/cancel', b.token, { id })).toEqual(
      failure(404, 'order_not_exist'),
    );
    const res = await call('POST', '/api/cointransaction/cancel', a.token, { id });
    expect(res.body.data).toMatchObject({ id, status: 'app.data.order_cancelled' });
    expect(await balance(a.id, 'USDT')).toMatchObject({ available: '100000.00000000', frozen: '0.00000000' });
    expect((await call('POST', '/api/cointransaction/cancel', a.token, { id })).body.data.status).toBe(
      'app.data.order_cancelled',
    );
    expect(await call('GET', '/api/cointransaction/detail?id=999999', a.token)).toEqual(
      failure(404, 'order_not_exist'),
    );
  });

  it('refuses an order id of another type or beyond any order, touching nothing', async () => {
    const a = await trader();
    const id = (await buy(a.token, { type: 'limit', price: '97000.00', qty: '0.2' })).body.data.id as number;
    for (const ref of [true, [id], `${id}`, id + 0.5, 1e20, 2 ** 63])
      expect(await call('POST', '/api/cointransaction/cancel', a.token, { id: ref })).toEqual({
        status: 400,
        body: { code: 400, msg: 'app.msg.parameter_error', data: { field: 'id' } },
      });
    for (const ref of ['1e1', '0x10', '%20', '99999999999999999999', `${id}.0`])
      expect((await call('GET', `/api/cointransaction/detail?id=${ref}`, a.token)).body).toEqual({
        code: 400,
        msg: 'app.msg.parameter_error',
        data: { field: 'id' },
      });
    expect((await call('GET', `/api/cointransaction/detail?id=${id}`, a.token)).body.data.status).toBe(
      'app.data.order_pending',
    );
    expect(await balance(a.id, 'USDT')).toMatchObject({ frozen: '19400.00000000' });
  });

  it("answers another trader's order id exactly as an order that does not exist, and leaves it resting", async () => {
    const a = await trader();
    const b = await trader();
    const theirs = (await buy(a.token, { type: 'limit', price: '97000.00', qty: '0.2' })).body.data
      .id as number;
    const none = theirs + 1_000_000;
    for (const [method, url, body] of [
      ['GET', (id: number) => `/api/cointransaction/detail?id=${id}`, undefined],
      ['POST', () => '/api/cointransaction/cancel', (id: number) => ({ id })],
    ] as const) {
      const ask = (id: number) => call(method, url(id), b.token, body?.(id));
      expect(await ask(theirs)).toEqual(failure(404, 'order_not_exist'));
      expect(await ask(theirs)).toEqual(await ask(none));
    }
    expect((await call('GET', `/api/cointransaction/detail?id=${theirs}`, a.token)).body.data.status).toBe(
      'app.data.order_pending',
    );
    expect(await balance(a.id, 'USDT')).toMatchObject({ frozen: '19400.00000000' });
  });

  it("names an order by its client order id to read or cancel it, only its owner's", async () => {
    const a = await trader();
    const b = await trader();
    const placed = (await buy(a.token, { type: 'limit', price: '97000.00', qty: '0.2', clientOid: 'lost-1' }))
      .body.data as { id: number };
    // Another user's order of the same client order id is not this one's.
    await buy(b.token, { type: 'limit', price: '96000.00', qty: '0.1', clientOid: 'lost-1' });
    const detail = await call('GET', '/api/cointransaction/detail?clientOid=lost-1', a.token);
    expect(detail.body.data).toMatchObject({ id: placed.id, clientOid: 'lost-1', price: '97000.00' });
    expect(await call('GET', '/api/cointransaction/detail?clientOid=never-1', a.token)).toEqual(
      failure(404, 'order_not_exist'),
    );
    const cancelled = await call('POST', '/api/cointransaction/cancel', a.token, { clientOid: 'lost-1' });
    expect(cancelled.body.data).toMatchObject({ id: placed.id, status: 'app.data.order_cancelled' });
    expect(await balance(a.id, 'USDT')).toMatchObject({ available: '100000.00000000', frozen: '0.00000000' });
    // Twice is harmless; b's order of that client order id rests untouched.
    expect(
      (await call('POST', '/api/cointransaction/cancel', a.token, { clientOid: 'lost-1' })).body.data.status,
    ).toBe('app.data.order_cancelled');
    expect(await balance(b.id, 'USDT')).toMatchObject({ frozen: '9600.00000000' });
    expect(await call('POST', '/api/cointransaction/cancel', a.token, { clientOid: 'never-1' })).toEqual(
      failure(404, 'order_not_exist'),
    );
    // Exactly one of the two names an order.
    for (const body of [{}, { id: placed.id, clientOid: 'lost-1' }, { clientOid: 'not valid' }])
      expect((await call('POST', '/api/cointransaction/cancel', a.token, body)).body.msg).toBe(
        'app.msg.parameter_error',
      );
  });

  it('lists open, all and history orders with the status filter and paging', async () => {
    const a = await trader();
    const maker = await trader();
    const open1 = (await buy(a.token, { type: 'limit', price: '96000', qty: '0.01' })).body.data.id;
    const open2 = (await buy(a.token, { type: 'limit', price: '96100', qty: '0.01' })).body.data.id;
    await call('POST', '/api/cointransaction/cancel', a.token, { id: open1 });
    await sell(maker.token, { type: 'limit', price: '100300', qty: '0.01' });
    const done = (await buy(a.token, { type: 'limit', price: '100300', qty: '0.01' })).body.data.id;
    const ids = async (q: string) =>
      spotOrderPageSchema
        .parse((await call('GET', `/api/cointransaction/list?${q}`, a.token)).body.data)
        .list.map((o) => o.id);
    expect(await ids('tab=open')).toEqual([open2]);
    expect(await ids('tab=all')).toEqual([done, open2, open1]);
    expect(await ids('tab=history')).toEqual([done, open1]);
    expect(await ids('tab=history&status=cancelled')).toEqual([open1]);
    expect(await ids('tab=all&status=completed')).toEqual([done]);
    expect(await ids('tab=open&status=completed')).toEqual([]);
    const page = (await call('GET', '/api/cointransaction/list?tab=all&size=2&page=2', a.token)).body.data;
    expect(page).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page.list.map((o: { id: number }) => o.id)).toEqual([open1]);
    expect((await call('GET', '/api/cointransaction/list?status=bogus', a.token)).status).toBe(400);
  });

  it('lists as deals the orders that traded at least once, whatever their status', async () => {
    const a = await trader({ USDT: '1000000' });
    const maker = await trader();
    const ids = async (q: string) =>
      spotOrderPageSchema
        .parse((await call('GET', `/api/cointransaction/list?${q}`, a.token)).body.data)
        .list.map((o) => o.id);
    await buy(a.token, { type: 'limit', price: '96000', qty: '0.01' });
    await sell(maker.token, { type: 'limit', price: '100300', qty: '0.01' });
    // Far more than the book offers up to this price (other tests' asks included): part fills, the
    // rest rests.
    const partial = (await buy(a.token, { type: 'limit', price: '100300', qty: '5' })).body.data;
    expect(partial.status).toBe('app.data.order_pending');
    expect(Number(partial.filledQty)).toBeGreaterThan(0);
    expect(await ids('tab=deals')).toEqual([partial.id]);
    await call('POST', '/api/cointransaction/cancel', a.token, { id: partial.id });
    expect(await ids('tab=deals')).toEqual([partial.id]);
    expect(await ids('tab=deals&status=cancelled')).toEqual([partial.id]);
    expect(await ids('tab=deals&status=pending')).toEqual([]);
    expect(await ids('tab=all')).toHaveLength(2);
  });

  it('rebuilds the books from the database after a restart, losing nothing', async () => {
    const a = await trader();
    const b = await trader({ USDT: '1000000' });
    const resting = (await sell(a.token, { type: 'limit', price: '100400.00', qty: '0.3' })).body.data.id;
    const before = spot.depth('btcusdt', 100);
    await spot.stop();
    spot = newSpot();
    await spot.start();
    expect(spot.depth('btcusdt', 100)).toMatchObject({ bids: before.bids, asks: before.asks });
    tick(spot, 'btcusdt', '100000.00', clock.now);
    // Sweeps every ask up to the resting sell's price, the resting sell included.
    const user = (await accounts.authenticateUser(b.token)).user;
    await spot.place(user, 'buy', { pair: 'btcusdt', type: 'limit', price: '100400.00', qty: '5' });
    const detail = await spot.detail(a.id, resting);
    expect(detail.status).toBe('app.data.order_completed');
    // The app still talks to the old instance: keep it in step for the tests after this one.
    await app.close();
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      ledger,
      spot,
    });
  });

  /** A spot service whose house quotes five levels a side and requotes on every tick. */
  const houseSpot = () =>
    createSpot({
      db: t.db,
      ledger,
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 5, requoteMs: 1 },
      now: () => clock.now,
      certificationOn: async () => true,
    });

  it('the house quotes around the reference price, and a resting order fills when the price moves through it', async () => {
    const house = houseSpot();
    await spot.stop();
    await house.start();
    await fund(ledger, SYSTEM_ACCOUNTS.house, { USDT: '10000000', ETH: '1000' });
    clock.advance(10);
    tick(house, 'ethusdt', '3000.00', clock.now);
    await house.idle();
    const depth = house.depth('ethusdt', 10);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);
    expect(Number(depth.bids[0]![0])).toBeLessThan(3000);
    expect(Number(depth.asks[0]![0])).toBeGreaterThan(3000);

    const a = await trader({ USDT: '0', ETH: '1' });
    const user = (await accounts.authenticateUser(a.token)).user;
    const order = await house.place(user, 'sell', {
      pair: 'ethusdt',
      type: 'limit',
      price: '3030.00',
      qty: '0.5',
    });
    expect(order.status).toBe('app.data.order_pending');
    // The market rises through the order: the house's new bids take it.
    clock.advance(10);
    tick(house, 'ethusdt', '3040.00', clock.now);
    await house.idle();
    const filled = await house.detail(a.id, order.id);
    expect(filled).toMatchObject({ status: 'app.data.order_completed', avgPrice: '3030.00' });
    expect(filled.fills[0]!.role).toBe('maker');
    expect(await balance(a.id, 'USDT')).toMatchObject({ available: '1513.48500000' });
    expect(house.trades('ethusdt', 5)[0]).toMatchObject({ price: '3030.00', side: 'buy' });
    // The ladder moved up with the price.
    expect(Number(house.depth('ethusdt', 1).bids[0]![0])).toBeGreaterThan(3030);
    await house.stop();
  });

  it('after a restart the house moves the quotes it left in the book instead of adding beside them', async () => {
    await spot.stop();
    await fund(ledger, SYSTEM_ACCOUNTS.house, { USDT: '10000000', ETH: '1000' });
    const before = houseSpot();
    await before.start();
    clock.advance(10);
    tick(before, 'ethusdt', '3000.00', clock.now);
    await before.idle();
    await before.stop();

    const after = houseSpot();
    await after.start();
    expect(after.depth('ethusdt', 20).bids).toHaveLength(5);
    clock.advance(10);
    tick(after, 'ethusdt', '3100.00', clock.now);
    await after.idle();
    const depth = after.depth('ethusdt', 20);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);
    expect(Number(depth.bids.at(-1)![0])).toBeGreaterThan(3000);
    // The quotes moved away unfilled leave no record: of the house's open ones, only the ten in
    // the book are kept.
    const kept = await t.db.kysely
      .selectFrom('spot_orders')
      .select(['status', 'filled_qty'])
      .where('user_id', '=', SYSTEM_ACCOUNTS.house)
      .where('pair', '=', 'ethusdt')
      .execute();
    expect(kept.filter((o) => o.status === 'pending')).toHaveLength(10);
    expect(kept.filter((o) => o.status === 'cancelled' && Number(o.filled_qty) === 0)).toEqual([]);
    await after.stop();
  });

  it('the house takes its quotes down when an operator closes the pair, and quotes again when it reopens', async () => {
    await fund(ledger, SYSTEM_ACCOUNTS.house, { USDT: '10000000', ETH: '1000' });
    const house = houseSpot();
    await house.start();
    clock.advance(10);
    tick(house, 'ethusdt', '3000.00', clock.now);
    await house.idle();
    expect(house.depth('ethusdt', 20).asks).toHaveLength(5);
    const cli = { operatorId: null, name: 'cli:test' };
    await configureSpotPair(t.db, cli, { pair: 'ethusdt', enabled: false });
    await house.reloadSettings();
    await house.idle();
    try {
      // Left in a book no one may trade in, they would go stale against the live price.
      expect(house.depth('ethusdt', 20)).toMatchObject({ bids: [], asks: [] });
      expect(await balance(SYSTEM_ACCOUNTS.house, 'ETH')).toMatchObject({ frozen: '0.00000000' });
      clock.advance(10);
      tick(house, 'ethusdt', '3100.00', clock.now);
      await house.idle();
      expect(house.depth('ethusdt', 20)).toMatchObject({ bids: [], asks: [] });
    } finally {
      await configureSpotPair(t.db, cli, { pair: 'ethusdt', enabled: true });
      await house.reloadSettings();
    }
    // Quoted again at once around the price of the moment, before the next tick.
    await house.idle();
    const depth = house.depth('ethusdt', 20);
    expect(depth.bids).toHaveLength(5);
    expect(depth.asks).toHaveLength(5);
    expect(Number(depth.bids.at(-1)![0])).toBeGreaterThan(3000);
    await house.stop();
  });
});
