import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CONTRACT_SETTINGS_CHANNEL,
  contractInfoSchema,
  contractOrderSchema,
  contractPageSchema,
  type ContractPairConfig,
} from '../../../protocol';
import { runContractCommand } from '../../../server/admin/contracts';
import type { AccountService } from '../../../server/domain/accounts';
import { createOperator } from '../../../server/domain/operators';
import { buildApp } from '../../../server/http/app';
import { fakeMarket } from '../ws/fakeMarket';
import { T0, accountsFor, registerUser } from '../helpers/accounts';
import { contractHarness, units, type ContractHarness } from '../helpers/contracts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { TEST_APP_CONFIG } from '../helpers/appConfig';

const MIN = 60_000;

describe.each(forEachEngine())('contract API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let accounts: AccountService;
  let h: ContractHarness;
  let token: string;
  let userId: number;
  let operatorToken: string;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, tok = token) => {
    const res = await app.inject({
      method,
      url,
      headers: tok ? { token: tok } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  let keys = 0;
  const order = (over: Record<string, unknown> = {}) =>
    call('POST', '/api/contract/order', {
      pair: 'btcusdt',
      direction: 'up',
      cycle: 1,
      amount: '100',
      rate: '80.00',
      requestKey: `http-key-${++keys}`,
      ...over,
    });
  const failure = (status: number, name: string) => ({
    status,
    body: { code: status, msg: `app.msg.${name}` },
  });

  const verifiedUser = async (usdt: string) => {
    const s = await registerUser(accounts);
    const id = s.userinfo.id as number;
    await t.db.kysely.updateTable('users').set({ certification: 2 }).where('id', '=', id).execute();
    if (usdt !== '0') {
      await h.ledger.post(
        [
          {
            userId: id,
            asset: 'USDT',
            available: units(usdt),
            frozen: 0n,
            type: 'app.data.demo_funding',
            ref: 't',
          },
        ],
        T0,
      );
    }
    return { token: s.token, id };
  };

  beforeAll(async () => {
    t = await open({ seed: true });
    h = await contractHarness(t);
    accounts = accountsFor(t).accounts;
    app = await buildApp({
      config: TEST_APP_CONFIG,
      db: t.db,
      logger: false,
      accounts,
      ledger: h.ledger,
      contracts: h.service,
      market: fakeMarket().market,
      contractSettingsMs: 50,
    });
    await app.ready();
    ({ token, id: userId } = await verifiedUser('1000'));
    const op = await createOperator(accounts.deps, { operatorId: null, name: 'cli:test' }, 'desk_op');
    operatorToken = (
      await call('POST', '/api/admin/login', { username: op.username, password: op.password }, '')
    ).body.data.token;
    await h.tick('btcusdt', T0 - 500, '97000.00');
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('GET /api/contract/info lists the open pairs, cycles and the direction and status names', async () => {
    const { status, body } = await call('GET', '/api/contract/info', undefined, '');
    expect(status).toBe(200);
    const info = contractInfoSchema.parse(body.data);
    expect(info.directionname).toEqual({ up: 'app.data.contract_up', down: 'app.data.contract_down' });
    expect(info.statusname).toEqual({
      pending: 'app.data.contract_pending',
      closing: 'app.data.contract_closing',
      completed: 'app.data.contract_completed',
    });
    const btc = info.pairs.find((p) => p.pair === 'btcusdt')!;
    expect(btc).toMatchObject({ name: 'BTC/USDT', asset: 'USDT', enabled: true });
    expect(btc.cycles).toEqual([
      { minutes: 1, rate: '80.00', min: '10', max: '50000' },
      { minutes: 3, rate: '85.00', min: '10', max: '50000' },
      { minutes: 5, rate: '88.00', min: '10', max: '50000' },
      { minutes: 15, rate: '90.00', min: '10', max: '50000' },
    ]);
  });

  it('places a contract, answers it and repeats the answer for the same request key', async () => {
    const first = await order({ requestKey: 'same-key-001', amount: '25.5' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const placed = contractOrderSchema.parse(first.body.data);
    expect(placed).toMatchObject({
      amount: '25.5',
      expected: '20.4',
      openPrice: '97000.00',
      closeAt: T0 + MIN,
    });
    const again = await order({ requestKey: 'same-key-001', amount: '25.50' });
    expect(again.body.data.id).toBe(placed.id);
    // The key names that contract: another one asked for under it is refused, and nothing moves.
    expect(await order({ requestKey: 'same-key-001', amount: '30' })).toMatchObject(
      failure(409, 'request_key_used'),
    );
    expect(await order({ requestKey: 'same-key-001', amount: '25.5', direction: 'down' })).toMatchObject(
      failure(409, 'request_key_used'),
    );
    expect(await h.usdt(userId)).toBe(units('974.5'));
  });

  it('refuses what the rules refuse, with catalogued errors and nothing written', async () => {
    const before = await h.usdt(userId);
    expect(await order({ pair: 'nopeusdt' })).toMatchObject(failure(404, 'currency_not_exist'));
    expect(await order({ cycle: 2 })).toMatchObject(failure(400, 'cycle_not_exist'));
    expect(await order({ amount: '50000.01' })).toMatchObject(failure(400, 'investment_exceeds_limit'));
    expect(await order({ amount: '9.99' })).toMatchObject(failure(400, 'outside_limit'));
    expect(await order({ amount: '5000' })).toMatchObject(failure(400, 'insufficient_balance'));
    // A malformed amount is an invalid amount, as wherever money is typed.
    for (const amount of ['10.000000001', '-5', '1e3', 'abc', '1.000,5', '0'])
      expect(await order({ amount }), amount).toMatchObject(failure(400, 'amount_invalid'));
    expect(await order({ amount: '' })).toMatchObject(failure(400, 'field_required'));
    // The order names the rate it was shown, in the info's form.
    expect(await order({ rate: undefined })).toMatchObject({
      ...failure(400, 'parameter_error'),
      body: { data: { field: 'rate' } },
    });
    expect(await order({ rate: 'eighty' })).toMatchObject(failure(400, 'parameter_error'));
    expect(await order({ direction: 'sideways' })).toMatchObject(failure(400, 'parameter_error'));
    // Each field has one JSON type: a number where a string belongs, or the other way, is refused.
    expect(await order({ amount: 100 })).toMatchObject(failure(400, 'parameter_error'));
    expect(await order({ cycle: '1' })).toMatchObject(failure(400, 'parameter_error'));
    expect(await order({ result: 'win' })).toMatchObject(failure(400, 'unknown_parameter'));
    expect(await order({ openPrice: '1.00' })).toMatchObject(failure(400, 'unknown_parameter'));
    // Only the valid one went through.
    expect(await order({})).toMatchObject({ status: 200 });
    expect(await h.usdt(userId)).toBe(before - units('100'));
    // No tick recorded for ETH: no price to open on.
    expect(await order({ pair: 'ethusdt' })).toMatchObject(failure(409, 'price_abnormal'));
    expect(await call('POST', '/api/contract/order', {}, '')).toMatchObject(failure(401, 'not_logged_in'));
  });

  it('opens a contract only at the payout rate the reader was shown (409 rate_changed otherwise)', async () => {
    await h.tick('bnbusdt', T0 - 500, '600.00');
    const cut = await call(
      'POST',
      '/api/admin/contract/config',
      { pair: 'bnbusdt', cycles: [{ minutes: 1, rate: '10', min: '20', max: '500' }] },
      operatorToken,
    );
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const before = await h.usdt(userId);
    const stale = await order({ pair: 'bnbusdt', rate: '80.00', requestKey: 'bnb-stale-1' });
    expect(stale).toMatchObject({ ...failure(409, 'rate_changed'), body: { data: { rate: '10.00' } } });
    // Limits changed alike: the refusal says the ones in force.
    expect(await order({ pair: 'bnbusdt', rate: '10.00', amount: '15' })).toMatchObject({
      ...failure(400, 'outside_limit'),
      body: { data: { min: '20', max: '500' } },
    });
    expect(await h.usdt(userId)).toBe(before);
    const list = contractPageSchema.parse((await call('GET', '/api/contract/list?state=open')).body.data);
    expect(list.list.filter((o) => o.pair === 'bnbusdt')).toEqual([]);
    const placed = await order({ pair: 'bnbusdt', rate: '10.00', requestKey: 'bnb-stale-1' });
    expect(placed.body.data).toMatchObject({ pair: 'bnbusdt', rate: '10.00', expected: '10' });
    expect(await h.usdt(userId)).toBe(before - units('100'));
  });

  it('refuses a switched-off pair, a trading ban and an unverified user', async () => {
    const off = await call(
      'POST',
      '/api/admin/contract/config',
      { pair: 'solusdt', enabled: false },
      operatorToken,
    );
    expect(off.body.data).toMatchObject({ pair: 'solusdt', enabled: false });
    expect(await order({ pair: 'solusdt' })).toMatchObject(failure(400, 'features_not_enabled'));
    const info = contractInfoSchema.parse((await call('GET', '/api/contract/info')).body.data);
    expect(info.pairs.map((p) => p.pair)).not.toContain('solusdt');

    const banned = await verifiedUser('100');
    await t.db.kysely.updateTable('users').set({ trading_disabled: 1 }).where('id', '=', banned.id).execute();
    const place = (token: string, requestKey: string) =>
      call(
        'POST',
        '/api/contract/order',
        { pair: 'btcusdt', direction: 'up', cycle: 1, amount: '10', rate: '80', requestKey },
        token,
      );
    expect(await place(banned.token, 'banned-0001')).toMatchObject(failure(403, 'trading_disabled'));
    const unverified = await registerUser(accounts);
    expect(await place(unverified.token, 'unverified-1')).toMatchObject(
      failure(403, 'verification_required'),
    );
    // Under review: the same refusal as a withdrawal, a pledge or a spot order gives then.
    await accounts.deps.uow.store.users.update(unverified.userinfo.id, { certification: 0 });
    expect(await place(unverified.token, 'unverified-2')).toMatchObject(failure(409, 'verification_pending'));
  });

  it('lets an operator set cycles (audited) but nothing that touches a price or an outcome', async () => {
    const set = await call(
      'POST',
      '/api/admin/contract/config',
      { pair: 'ethusdt', cycles: [{ minutes: 2, rate: '82.5', min: '5', max: '100' }] },
      operatorToken,
    );
    expect(set.body.data.cycles).toEqual([{ minutes: 2, rate: '82.50', min: '5', max: '100' }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'contract.configure')
      .execute();
    expect(audit.map((a) => a.target)).toContain('pair:ethusdt');
    for (const body of [
      { pair: 'btcusdt', price: '1' },
      { pair: 'btcusdt', result: 'win' },
      { pair: 'btcusdt', outcome: 'up' },
      { pair: 'btcusdt', cycles: [{ minutes: 1, rate: '80', min: '10', max: '5' }] },
    ]) {
      const res = await call('POST', '/api/admin/contract/config', body, operatorToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      await call('POST', '/api/admin/contract/config', { pair: 'btcusdt', enabled: true }),
    ).toMatchObject(failure(403, 'no_permission'));
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/settle|outcome|result|price\/set/i);
  });

  it('lists open and settled contracts with paging, and shows the receipt in the detail', async () => {
    const { token: tok, id } = await verifiedUser('500');
    const placed = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(
        'POST',
        '/api/contract/order',
        {
          pair: 'btcusdt',
          direction: i % 2 ? 'down' : 'up',
          cycle: 1,
          amount: '10',
          rate: '80.00',
          requestKey: `list-key-${i}`,
        },
        tok,
      );
      placed.push(r.body.data.id as number);
    }
    let page = contractPageSchema.parse(
      (await call('GET', '/api/contract/list?state=open&size=2', undefined, tok)).body.data,
    );
    expect(page).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page.list.map((o) => o.id)).toEqual([placed[2], placed[1]]);
    await h.tick('btcusdt', T0 + MIN - 1, '97000.50');
    h.clock.now = T0 + MIN + 300;
    await h.sweeper.sweep();
    page = contractPageSchema.parse(
      (await call('GET', '/api/contract/list?state=settled&page=1', undefined, tok)).body.data,
    );
    expect(page.total).toBe(3);
    expect(page.list.map((o) => o.result)).toEqual(['win', 'loss', 'win']);
    const detail = contractOrderSchema.parse(
      (await call('GET', `/api/contract/detail?id=${placed[0]}`, undefined, tok)).body.data,
    );
    expect(detail).toMatchObject({
      status: 'completed',
      openTick: { ts: T0 - 500, price: '97000.00', source: 'test' },
      closeTick: { ts: T0 + MIN - 1, price: '97000.50', source: 'test' },
      profit: '8',
    });
    expect(await h.usdt(id)).toBe(units('500') - units('30') + units('36'));
    expect(await call('GET', `/api/contract/detail?id=${placed[0]}`)).toMatchObject(
      failure(404, 'contract_not_exist'),
    );
    expect(await call('GET', '/api/contract/detail?id=abc', undefined, tok)).toMatchObject(
      failure(400, 'parameter_error'),
    );
    h.clock.now = T0;
  });

  // Read by page numbers, the running list lost a contract when one before it settled between two
  // reads: the rows after it moved up a page, the first of them onto a page already read.
  it('reads the contracts in progress on from the last one read, so a settlement between reads misses none', async () => {
    const { token: tok } = await verifiedUser('500');
    const place = async (cycle: number, key: string) =>
      (
        await call(
          'POST',
          '/api/contract/order',
          {
            pair: 'btcusdt',
            direction: 'up',
            cycle,
            amount: '10',
            rate: cycle === 1 ? '80.00' : '85.00',
            requestKey: key,
          },
          tok,
        )
      ).body.data.id as number;
    const oldest = await place(3, 'cursor-key-1');
    const middle = await place(3, 'cursor-key-2');
    const newest = await place(1, 'cursor-key-3');
    const read = async (query: string) =>
      contractPageSchema.parse(
        (await call('GET', `/api/contract/list?state=open&size=2${query}`, undefined, tok)).body.data,
      );
    const first = await read('');
    expect(first.list.map((o) => o.id)).toEqual([newest, middle]);
    await h.tick('btcusdt', T0 + MIN - 1, '97000.50');
    h.clock.now = T0 + MIN + 300;
    await h.sweeper.sweep();
    const next = await read(`&before=${first.list.at(-1)!.id}`);
    expect(next).toMatchObject({ page: 1, size: 2, total: 2 });
    expect(next.list.map((o) => o.id)).toEqual([oldest]);
    h.clock.now = T0;
    for (const bad of ['&before=abc', '&before=0', '&before=-1', '&before=1&page=2', '&before=99999999999'])
      expect(await call('GET', `/api/contract/list?state=open${bad}`, undefined, tok)).toMatchObject(
        failure(400, 'parameter_error'),
      );
  });

  const socketUrl = async () => {
    const listening = app.server.address();
    const address =
      listening && typeof listening === 'object'
        ? `http://127.0.0.1:${listening.port}`
        : await app.listen({ port: 0, host: '127.0.0.1' });
    return `${address.replace('http', 'ws')}/ws`;
  };

  it('pushes placed and settled contracts on the private contracts channel', async () => {
    const ws = new WebSocket(await socketUrl());
    const messages: Array<{ ch?: string; data?: { id: number; status: string } }> = [];
    const waitFor = (pred: (m: (typeof messages)[number]) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (messages.some(pred) ? resolve() : setTimeout(check, 5));
        check();
      });
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ op: 'auth', token }));
    ws.send(JSON.stringify({ op: 'sub', ch: ['contracts'] }));
    ws.send(JSON.stringify({ op: 'ping', ts: 1 }));
    await waitFor((m) => 'op' in m);
    h.clock.now = T0 + MIN + 400;
    await h.tick('btcusdt', T0 + MIN + 400, '97001.00');
    const placed = await order({ requestKey: 'ws-key-0001', amount: '10' });
    await waitFor((m) => m.ch === 'contracts' && m.data?.id === placed.body.data.id);
    await h.tick('btcusdt', T0 + 2 * MIN + 400, '97002.00');
    h.clock.now = T0 + 2 * MIN + 700;
    await h.sweeper.sweep();
    await waitFor(
      (m) => m.ch === 'contracts' && m.data?.id === placed.body.data.id && m.data?.status === 'completed',
    );
    ws.terminate();
  });

  it('pushes the new terms to every open screen, logged in or not, when the CLI or an operator changes them', async () => {
    const ws = new WebSocket(await socketUrl());
    const pushed: ContractPairConfig[][] = [];
    let ponged = false;
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { ch?: string; op?: string; data?: ContractPairConfig[] };
      if (m.ch === CONTRACT_SETTINGS_CHANNEL) pushed.push(m.data!);
      if (m.op === 'pong') ponged = true;
    });
    await new Promise((r) => ws.once('open', r));
    const waitFor = async (pred: () => boolean) => {
      const until = Date.now() + 5000;
      while (!pred()) {
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(pushed)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    // The socket answers in order: once the ping is answered, the subscription is in place.
    ws.send(JSON.stringify({ op: 'sub', ch: [CONTRACT_SETTINGS_CHANNEL] }));
    ws.send(JSON.stringify({ op: 'ping', ts: 1 }));
    await waitFor(() => ponged);
    const btc = (pairs: ContractPairConfig[] | undefined) => pairs?.find((p) => p.pair === 'btcusdt');
    // Judged by the latest push: a change an earlier test made may still be announced first.
    const latest = () => pushed.at(-1);
    // The operator CLI writes from its own process, past this server's contract service.
    const lines: string[] = [];
    const cli = await runContractCommand({ db: t.db, out: (l) => lines.push(l) }, [
      'contracts',
      'cycles',
      'btcusdt',
      '1:70:10:50000',
      '3:85:10:50000',
    ]);
    expect(cli, lines.join('\n')).toBe(0);
    await waitFor(() => btc(latest())?.cycles[0]?.rate === '70.00');
    expect(btc(latest())!.cycles[0]).toEqual({ minutes: 1, rate: '70.00', min: '10', max: '50000' });
    // What is pushed is what the info now answers.
    expect(latest()).toEqual((await call('GET', '/api/contract/info', undefined, '')).body.data.pairs);
    const off = await call(
      'POST',
      '/api/admin/contract/config',
      { pair: 'btcusdt', enabled: false },
      operatorToken,
    );
    expect(off.status).toBe(200);
    await waitFor(() => latest() !== undefined && btc(latest()) === undefined);
    await call('POST', '/api/admin/contract/config', { pair: 'btcusdt', enabled: true }, operatorToken);
    await runContractCommand({ db: t.db, out: () => undefined }, [
      'contracts',
      'cycles',
      'btcusdt',
      '1:80:10:50000',
      '3:85:10:50000',
      '5:88:10:50000',
      '15:90:10:50000',
    ]);
    await waitFor(() => btc(latest())?.cycles.length === 4);
    ws.terminate();
  });
});
