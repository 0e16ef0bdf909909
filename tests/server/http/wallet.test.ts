import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATION,
  CODE,
  depositAddressSchema,
  depositSchema,
  walletNetworkSchema,
  walletSummarySchema,
  withdrawAddressSchema,
  withdrawalSchema,
} from '../../../protocol';
import { buildAccountService } from '../../../server/accounts';
import { seedWalletIfEmpty } from '../../../server/db/seed/wallet';
import type { AccountService } from '../../../server/domain/accounts';
import { createOperator } from '../../../server/domain/operators';
import { buildApp } from '../../../server/http/app';
import { buildWallet } from '../../../server/wallet';
import {
  registerUser,
  setWithdrawPassword,
  tempDataDir,
  testClock,
  type TestClock,
} from '../helpers/accounts';
import { forEachEngine, type TestDb } from '../helpers/testDb';
import { ADDRESSES, requestKey } from '../helpers/wallet';

const fail = (code: number, name: string) => ({ code, msg: `app.msg.${name}` });

describe.each(forEachEngine())('wallet API on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let accounts: AccountService;
  let clock: TestClock;
  let dataDir: string;
  let operatorToken: string;

  beforeAll(async () => {
    t = await open({ seed: true });
    await seedWalletIfEmpty(t.db.kysely);
    clock = testClock();
    dataDir = tempDataDir();
    app = await buildApp({
      config: {
        logLevel: 'silent',
        rateLimitPerMinute: 100_000,
        rateLimitPerAddressPerMinute: 100_000,
        webRoot: dataDir,
        trustProxy: false,
        dataDir,
      },
      db: t.db,
      logger: false,
      accounts: (log) => {
        accounts = buildAccountService({
          db: t.db,
          config: { dataDir },
          log,
          clock: () => clock.now,
          // The operator signs in once for the file, whose clock passes a day in one test.
          settings: { scryptN: 1024, operatorSessionTtlMs: 168 * 3_600_000 },
        });
        return accounts;
      },
      wallet: (acc, ledger) => buildWallet({ db: t.db, ledger, accounts: acc, clock: () => clock.now }),
    });
    await app.ready();
    const op = await createOperator(accounts.deps, { operatorId: null, name: 'cli:test' }, 'cashier');
    const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: op });
    operatorToken = res.json().data.token;
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const admin = (url: string, body?: unknown) =>
    call(body === undefined ? 'GET' : 'POST', url, operatorToken, body);

  /** A verified user with a withdrawal password and, when asked, a confirmed USDT deposit. */
  const trader = async (usdt?: string) => {
    const s = await registerUser(accounts);
    await accounts.deps.uow.store.users.update(s.userinfo.id, { certification: CERTIFICATION.approved });
    await setWithdrawPassword(accounts, s.userinfo.id, 'draw1234');
    if (usdt) {
      const d = await call('POST', '/api/recharge/submit', s.token, {
        coin: 'USDT',
        network: 'TRC20',
        amount: usdt,
      });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      expect((await admin('/api/admin/deposits/confirm', { id: d.body.data.id })).status).toBe(200);
    }
    return { ...s, id: s.userinfo.id };
  };

  const order = (token: string, over: Record<string, unknown> = {}) =>
    call('POST', '/api/withdraw/order', token, {
      coin: 'USDT',
      network: 'TRC20',
      address: ADDRESSES.TRC20,
      amount: '20',
      password: 'draw1234',
      requestKey: requestKey(),
      ...over,
    });

  const addAddress = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/withdraw/address/add', token, { password: 'draw1234', ...body });

  /** Runs `fn` with withdrawals to saved addresses only (`thirdPartyWithdrawalAddress` off). */
  const toSavedAddressesOnly = async (fn: () => Promise<void>) => {
    const allow = (value: string) =>
      t.db.kysely
        .updateTable('site_config')
        .set({ value })
        .where('key', '=', 'thirdPartyWithdrawalAddress')
        .execute();
    await allow('false');
    try {
      await fn();
    } finally {
      await allow('true');
    }
  };

  it('asks for a login everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/wallet/coins'],
      ['GET', '/api/wallet/summary'],
      ['GET', '/api/recharge/list'],
      ['GET', '/api/recharge/detail?id=1'],
      ['POST', '/api/recharge/submit'],
      ['POST', '/api/recharge/address'],
      ['POST', '/api/withdraw/order'],
      ['GET', '/api/withdraw/list'],
      ['GET', '/api/withdraw/address/list'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' ? {} : undefined);
      expect(res.body, url).toMatchObject(fail(401, 'not_logged_in'));
    }
  });

  it('lists the coins and networks with their limits', async () => {
    const u = await trader();
    const res = await call('GET', '/api/wallet/coins', u.token);
    const list = res.body.data.map((n: unknown) => walletNetworkSchema.parse(n));
    expect(
      list.find((n: { coin: string; network: string }) => n.coin === 'USDT' && n.network === 'TRC20'),
    ).toMatchObject({
      minDeposit: '10',
      minWithdraw: '10',
      withdrawFee: '1',
      memoRequired: false,
    });
    expect(list.find((n: { coin: string }) => n.coin === 'XRP')).toMatchObject({
      memoRequired: true,
      memo: String(100_000 + u.id),
    });
  });

  it('gives each user their own XRP destination tag, and records it on their deposit', async () => {
    const [a, b] = [await trader(), await trader()];
    const memoOf = async (t: { token: string }) =>
      (await call('GET', '/api/wallet/coins', t.token)).body.data.find(
        (n: { coin: string }) => n.coin === 'XRP',
      ).memo as string;
    const [ma, mb] = [await memoOf(a), await memoOf(b)];
    expect(ma).not.toBe(mb);
    const sub = await call('POST', '/api/recharge/submit', b.token, {
      coin: 'XRP',
      network: 'XRP',
      amount: '30',
    });
    expect(depositSchema.parse(sub.body.data).memo).toBe(mb);
  });

  it('refuses an XRP base memo that is no destination tag, which every user’s tag is counted from', async () => {
    const u = await trader();
    for (const memo of ['abc', '4294967296']) {
      const res = await admin('/api/admin/wallet/networks', { coin: 'XRP', network: 'XRP', memo });
      expect(res.body).toMatchObject({ ...fail(400, 'destination_tag_invalid'), data: { field: 'memo' } });
      expect(res.status).toBe(400);
    }
    const xrp = (await call('GET', '/api/wallet/coins', u.token)).body.data.find(
      (n: { coin: string }) => n.coin === 'XRP',
    );
    expect(xrp.memo).toBe(String(100_000 + u.id));
  });

  it('gives each user a deposit address of their own, which the coin list then shows, and deposits go to it', async () => {
    const [a, b] = [await trader(), await trader()];
    const ownOf = async (t: { token: string }) =>
      depositAddressSchema.parse(
        (await call('POST', '/api/recharge/address', t.token, { coin: 'USDT', network: 'TRC20' })).body.data,
      );
    const shown = async (t: { token: string }) =>
      (await call('GET', '/api/wallet/coins', t.token)).body.data.find(
        (n: { coin: string; network: string }) => n.coin === 'USDT' && n.network === 'TRC20',
      ).depositAddress as string;
    expect(await shown(a)).toBe('');
    const [oa, ob] = [await ownOf(a), await ownOf(b)];
    expect(oa.address).not.toBe(ob.address);
    expect(await ownOf(a)).toEqual(oa);
    expect(await shown(a)).toBe(oa.address);
    const sub = await call('POST', '/api/recharge/submit', a.token, {
      coin: 'USDT',
      network: 'TRC20',
      amount: '30',
    });
    expect(depositSchema.parse(sub.body.data).address).toBe(oa.address);
    const bad = await call('POST', '/api/recharge/address', a.token, { coin: 'USDT', network: 'NOPE' });
    expect(bad.body.msg).toBe('app.msg.parameter_error');
  });

  describe('deposits', () => {
    it('answers one of the reader’s deposits by its id, however many are newer, and no one else’s', async () => {
      const u = await trader();
      const declare = async (token: string) =>
        depositSchema.parse(
          (
            await call('POST', '/api/recharge/submit', token, {
              coin: 'USDT',
              network: 'TRC20',
              amount: '10',
            })
          ).body.data,
        );
      const first = await declare(u.token);
      await admin('/api/admin/deposits/fail', { id: first.id, reason: 'deposit_not_received' });
      // More than a page of the list newer than it, settled so that the open-deposit cap allows them.
      for (let i = 0; i < 50; i++) {
        const d = await declare(u.token);
        await admin('/api/admin/deposits/fail', { id: d.id, reason: 'deposit_not_received' });
      }
      expect(
        (await call('GET', '/api/recharge/list', u.token)).body.data.map((d: { id: number }) => d.id),
      ).not.toContain(first.id);
      const detail = await call('GET', `/api/recharge/detail?id=${first.id}`, u.token);
      expect(detail.status).toBe(200);
      expect(depositSchema.parse(detail.body.data)).toMatchObject({
        id: first.id,
        status: 'fail',
        note: 'app.data.reason_deposit_not_received',
      });
      const other = await trader();
      const theirs = await declare(other.token);
      for (const id of [theirs.id, 999_999])
        expect((await call('GET', `/api/recharge/detail?id=${id}`, u.token)).body, String(id)).toMatchObject(
          fail(404, 'record_not_found'),
        );
      for (const bad of ['abc', '0', '1.5', ''])
        expect((await call('GET', `/api/recharge/detail?id=${bad}`, u.token)).body, bad).toMatchObject(
          fail(400, 'parameter_error'),
        );
    });

    it('records a deposit, credits it on the operator confirmation, lists it with status_name', async () => {
      const u = await trader();
      const sub = await call('POST', '/api/recharge/submit', u.token, {
        coin: 'usdt',
        network: 'TRC20',
        amount: '25.5',
        txHash: 'f'.repeat(64),
      });
      expect(sub.status).toBe(200);
      const d = depositSchema.parse(sub.body.data);
      expect(d).toMatchObject({
        coin: 'USDT',
        status: 'confirming',
        status_name: 'app.data.deposit_confirming',
      });
      const confirmed = await admin('/api/admin/deposits/confirm', { id: d.id });
      expect(confirmed.body.data).toMatchObject({ status: 'success', userId: u.id });
      expect((await admin('/api/admin/deposits/confirm', { id: d.id })).body).toMatchObject(
        fail(404, 'record_not_found'),
      );
      const list = await call('GET', '/api/recharge/list', u.token);
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: d.id, status: 'success', status_name: 'app.data.deposit_success' }),
      ]);
      const bal = await call('GET', '/api/assets/balances', u.token);
      expect(bal.body.data).toEqual([{ asset: 'USDT', available: '25.50000000', frozen: '0.00000000' }]);
      const audit = await admin('/api/admin/audit?limit=1');
      expect(audit.body.data[0]).toMatchObject({
        actor: 'cashier',
        action: 'deposit.success',
        target: `deposit:${d.id}`,
      });
    });

    it('credits more than the user declared only when the operator says it is meant', async () => {
      const u = await trader();
      const d = (
        await call('POST', '/api/recharge/submit', u.token, { coin: 'USDT', network: 'TRC20', amount: '100' })
      ).body.data;
      // 1000 typed for the 100 declared: refused, nothing credited, the deposit still waits.
      const slip = await admin('/api/admin/deposits/confirm', { id: d.id, amount: '1000' });
      expect(slip.body).toEqual({
        code: 409,
        msg: 'app.msg.more_than_declared',
        data: { field: 'amount', value: '100' },
      });
      expect((await call('GET', '/api/recharge/list', u.token)).body.data[0]).toMatchObject({
        status: 'pending',
      });
      expect((await call('GET', '/api/assets/balances', u.token)).body.data).toEqual([]);
      const meant = await admin('/api/admin/deposits/confirm', {
        id: d.id,
        amount: '1000',
        moreThanDeclared: true,
      });
      expect(meant.body.data).toMatchObject({ status: 'success', creditedAmount: '1000.00000000' });
    });

    it('marks one confirmed below the minimum without crediting it, and fails one on request', async () => {
      const u = await trader();
      const a = (
        await call('POST', '/api/recharge/submit', u.token, { coin: 'USDT', network: 'TRC20', amount: '10' })
      ).body.data;
      const b = (
        await call('POST', '/api/recharge/submit', u.token, { coin: 'USDT', network: 'TRC20', amount: '10' })
      ).body.data;
      expect((await admin('/api/admin/deposits/confirm', { id: a.id, amount: '5' })).body.data).toMatchObject(
        {
          status: 'fail',
          note: 'app.data.deposit_below_min',
        },
      );
      expect(
        (await admin('/api/admin/deposits/fail', { id: b.id, reason: 'no such transfer' })).body.data,
      ).toMatchObject({
        status: 'fail',
        note: 'no such transfer',
      });
      const c = (
        await call('POST', '/api/recharge/submit', u.token, { coin: 'USDT', network: 'TRC20', amount: '10' })
      ).body.data;
      expect(
        (await admin('/api/admin/deposits/fail', { id: c.id, reason: 'deposit_not_received' })).body.data,
      ).toMatchObject({ status: 'fail', note: 'app.data.reason_deposit_not_received' });
      expect((await call('GET', '/api/assets/balances', u.token)).body.data).toEqual([]);
    });

    it('refuses a catalogued reason of another kind of decision, which the user would read as a bare code', async () => {
      const u = await trader();
      const d = (
        await call('POST', '/api/recharge/submit', u.token, { coin: 'USDT', network: 'TRC20', amount: '10' })
      ).body.data;
      expect(
        (await admin('/api/admin/deposits/fail', { id: d.id, reason: ' withdraw_address_risk ' })).body,
      ).toMatchObject({ code: 400, msg: 'app.msg.parameter_error', data: { field: 'reason' } });
      expect((await call('GET', '/api/recharge/list', u.token)).body.data[0]).toMatchObject({
        status: 'pending',
        note: null,
      });
    });

    it('credits one chain transaction once, however often and by whomever it is declared', async () => {
      const [a, b] = [await trader(), await trader()];
      const declare = (token: string, txHash: string) =>
        call('POST', '/api/recharge/submit', token, {
          coin: 'USDT',
          network: 'TRC20',
          amount: '100',
          txHash,
        });
      const first = await declare(a.token, 'AAAABBBBCCCCDDDD0001');
      expect(first.body.data).toMatchObject({ status: 'confirming', txHash: 'aaaabbbbccccdddd0001' });
      // One open declaration of a transaction per user, however the hash is written.
      for (const hash of ['aaaabbbbccccdddd0001', '0xAAAAbbbbCCCCdddd0001']) {
        const res = await declare(a.token, hash);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject(fail(409, 'tx_hash_used'));
      }
      // Another user's declaration of it waits beside it: the operator credits the one it paid.
      const second = await declare(b.token, '0xAAAAbbbbCCCCdddd0001');
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const open = (await admin('/api/admin/deposits')).body.data.filter(
        (d: { txHash: string | null }) => d.txHash === 'aaaabbbbccccdddd0001',
      );
      expect(open).toHaveLength(2);
      expect((await admin('/api/admin/deposits/confirm', { id: second.body.data.id })).status).toBe(200);
      expect((await admin('/api/admin/deposits/confirm', { id: first.body.data.id })).body).toMatchObject(
        fail(409, 'tx_hash_used'),
      );
      expect((await call('GET', '/api/assets/balances', a.token)).body.data).toEqual([]);
      // A page of up to 200.
      expect((await admin('/api/admin/deposits?status=confirming&page=1&size=1')).body.data).toHaveLength(1);
      expect((await admin('/api/admin/deposits?status=confirming&page=2&size=1')).body.data).toEqual([]);
      expect((await admin('/api/admin/withdrawals?size=201')).body).toMatchObject(
        fail(400, 'parameter_error'),
      );
      expect((await call('GET', '/api/assets/balances', b.token)).body.data).toEqual([
        { asset: 'USDT', available: '100.00000000', frozen: '0.00000000' },
      ]);
    });

    it('takes a failed deposit\u2019s transaction again', async () => {
      const u = await trader();
      const body = { coin: 'USDT', network: 'TRC20', amount: '30', txHash: 'be'.repeat(32) };
      const first = (await call('POST', '/api/recharge/submit', u.token, body)).body.data;
      await admin('/api/admin/deposits/fail', { id: first.id, reason: 'declared the wrong amount' });
      const again = await call('POST', '/api/recharge/submit', u.token, body);
      expect(again.body.data).toMatchObject({ status: 'confirming', txHash: 'be'.repeat(32) });
    });

    it.each([
      ['below the minimum', { amount: '9.99' }, 400, 'outside_limit'],
      ['above the maximum', { amount: '1000000.01' }, 400, 'outside_limit'],
      ['more decimals than any network carries', { amount: '10.000000001' }, 400, 'amount_decimals'],
      ['zero', { amount: '0' }, 400, 'amount_invalid'],
      ['no amount', { amount: '' }, 400, 'field_required'],
      ['not a number', { amount: '1e3' }, 400, 'amount_invalid'],
      ['a bad hash', { txHash: '0x-12' }, 400, 'tx_hash_invalid'],
      ['a hash short of 16 digits past its 0x', { txHash: `0x${'ab'.repeat(7)}` }, 400, 'tx_hash_invalid'],
      ['an unknown coin', { coin: 'ZZZ' }, 404, 'currency_not_exist'],
      ['a network the coin is not on', { network: 'BTC' }, 400, 'parameter_error'],
      ['an unknown network', { network: 'FOO' }, 400, 'parameter_error'],
      ['an unknown field', { extra: 1 }, 400, 'unknown_parameter'],
    ])('refuses %s', async (_name, over, status, name) => {
      const u = await trader();
      const res = await call('POST', '/api/recharge/submit', u.token, {
        coin: 'USDT',
        network: 'TRC20',
        amount: '20',
        ...over,
      });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(fail(status, name));
      expect((await call('GET', '/api/recharge/list', u.token)).body.data).toEqual([]);
    });
  });

  describe('withdrawals', () => {
    it('freezes on submit, settles on approval, and answers a retry with the same withdrawal', async () => {
      const u = await trader('100');
      const key = requestKey();
      const first = await order(u.token, { amount: '30', requestKey: key });
      expect(first.status).toBe(200);
      const w = withdrawalSchema.parse(first.body.data);
      expect(w).toMatchObject({
        status: 'pending',
        status_name: 'app.data.withdraw_pending',
        received: '29.00000000',
      });
      const again = await order(u.token, { amount: '30.0', requestKey: key });
      expect(again.body.data.id).toBe(w.id);
      // The key names that withdrawal: another one asked for under it is refused.
      for (const other of [{ amount: '31' }, { address: ADDRESSES.TRC20b }])
        expect(
          await order(u.token, { amount: '30', ...other, requestKey: key }),
          JSON.stringify(other),
        ).toMatchObject({
          body: fail(409, 'request_key_used'),
        });
      expect((await call('GET', '/api/assets/balances', u.token)).body.data).toEqual([
        { asset: 'USDT', available: '70.00000000', frozen: '30.00000000' },
      ]);
      const done = await admin('/api/admin/withdrawals/approve', { id: w.id, txHash: 'a'.repeat(64) });
      expect(done.body.data).toMatchObject({ status: 'success', txHash: 'a'.repeat(64) });
      const list = await call('GET', '/api/withdraw/list', u.token);
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: w.id, status_name: 'app.data.withdraw_success' }),
      ]);
      expect((await call('GET', '/api/assets/balances', u.token)).body.data).toEqual([
        { asset: 'USDT', available: '70.00000000', frozen: '0.00000000' },
      ]);
      const summary = walletSummarySchema.parse(
        (await call('GET', '/api/wallet/summary', u.token)).body.data,
      );
      expect(summary.totalUsdt).toBe('70.00000000');
    });

    it('releases on rejection and on failure', async () => {
      const u = await trader('100');
      const a = (await order(u.token)).body.data;
      const b = (await order(u.token)).body.data;
      expect(
        (await admin('/api/admin/withdrawals/reject', { id: a.id, reason: 'check' })).body.data.status,
      ).toBe('rejected');
      expect(
        (await admin('/api/admin/withdrawals/fail', { id: b.id, reason: 'node' })).body.data.status,
      ).toBe('failed');
      expect((await admin('/api/admin/withdrawals/fail', { id: b.id, reason: 'node' })).body).toMatchObject(
        fail(404, 'record_not_found'),
      );
      // A reason given by its code is kept as its key, which the user reads in their language.
      const c = (await order(u.token)).body.data;
      expect(
        (await admin('/api/admin/withdrawals/reject', { id: c.id, reason: 'withdraw_address_risk' })).body
          .data,
      ).toMatchObject({ status: 'rejected', note: 'app.data.reason_withdraw_address_risk' });
      expect((await call('GET', '/api/assets/balances', u.token)).body.data[0]).toMatchObject({
        available: '100.00000000',
      }); // One of another kind of decision's catalogue is a slip the user would read as a bare code.
      const e = (await order(u.token)).body.data;
      for (const verb of ['reject', 'fail'])
        expect(
          (await admin(`/api/admin/withdrawals/${verb}`, { id: e.id, reason: 'deposit_not_received' })).body,
        ).toMatchObject({ code: 400, msg: 'app.msg.parameter_error', data: { field: 'reason' } });
      expect((await call('GET', '/api/withdraw/list', u.token)).body.data[0]).toMatchObject({
        id: e.id,
        status: 'pending',
      });
    });

    it('answers limit failures with code 2003 and {message, value}', async () => {
      const u = await trader('100');
      expect((await order(u.token, { amount: '9' })).body).toEqual({
        code: CODE.withdrawLimit,
        msg: 'app.msg.withdraw_min',
        data: { message: 'app.msg.withdraw_min', value: '10' },
      });
      expect((await order(u.token, { amount: '100000.5' })).body).toMatchObject({
        code: CODE.withdrawLimit,
        data: { message: 'app.msg.withdraw_max', value: '100000' },
      });
    });

    it.each([
      ['more than the balance', { amount: '100.5' }, 400, 'insufficient_balance'],
      ['an address with a symbol', { address: 'TXYZ-bcdefghijkmnopqrstuvwxyz12345' }, 400, 'address_charset'],
      ['an address of another network', { address: ADDRESSES.ERC20 }, 400, 'address_invalid'],
      ['XRP without its memo', { coin: 'XRP', network: 'XRP', address: ADDRESSES.XRP }, 400, 'memo_invalid'],
      [
        'an XRP destination tag that is not a number',
        { coin: 'XRP', network: 'XRP', address: ADDRESSES.XRP, memo: 'HELLOworld' },
        400,
        'destination_tag_invalid',
      ],
      ['a memo on a network without memos', { memo: 'abc' }, 400, 'parameter_error'],
      ['a wrong withdrawal password', { password: 'nope1234' }, 400, 'withdraw_pwd_incorrect'],
      ['no withdrawal password', { password: '' }, 400, 'field_required'],
      ['a bad amount', { amount: '-5' }, 400, 'amount_invalid'],
      ['more decimals than any network carries', { amount: '20.000000001' }, 400, 'amount_decimals'],
      ['a fee that is not an amount', { fee: '1e0' }, 400, 'amount_invalid'],
      ['a fee the network no longer charges', { fee: '0.5' }, 409, 'fee_changed'],
      [
        'a network the coin is not on',
        { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        400,
        'parameter_error',
      ],
      ['an unknown field', { extra: true }, 400, 'unknown_parameter'],
    ])('refuses %s, freezing nothing', async (_name, over, status, name) => {
      const u = await trader('100');
      const res = await order(u.token, over);
      expect(res.body).toMatchObject(fail(status, name));
      expect(res.status).toBe(status);
      expect((await call('GET', '/api/assets/balances', u.token)).body.data[0]).toMatchObject({
        frozen: '0.00000000',
      });
    });

    it('refuses a withdrawal at the fee the form showed once the operator changed it', async () => {
      const u = await trader('100');
      expect(
        (await admin('/api/admin/wallet/networks', { coin: 'USDT', network: 'TRC20', withdrawFee: '3' }))
          .status,
      ).toBe(200);
      try {
        const res = await order(u.token, { amount: '20', fee: '1' });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ code: 409, msg: 'app.msg.fee_changed', data: { fee: '3' } });
        expect((await call('GET', '/api/withdraw/list', u.token)).body.data).toEqual([]);
        expect((await call('GET', '/api/assets/balances', u.token)).body.data[0]).toMatchObject({
          available: '100.00000000',
          frozen: '0.00000000',
        });
        expect((await order(u.token, { amount: '20', fee: '3' })).body.data).toMatchObject({
          fee: '3.00000000',
          received: '17.00000000',
        });
      } finally {
        await admin('/api/admin/wallet/networks', { coin: 'USDT', network: 'TRC20', withdrawFee: '1' });
      }
    });

    it('asks a user without a withdrawal password to set one, freezing nothing', async () => {
      const s = await registerUser(accounts);
      await accounts.deps.uow.store.users.update(s.userinfo.id, { certification: CERTIFICATION.approved });
      const res = await order(s.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(fail(403, 'withdraw_pwd_not_set'));
      expect((await call('GET', '/api/withdraw/list', s.token)).body.data).toEqual([]);
    });

    it('is locked for 24 hours after a login password change', async () => {
      const u = await trader('100');
      const changed = await call('POST', '/api/user/changePwd', u.token, {
        oldPassword: u.password,
        password: 'newpass99',
        confirmPassword: 'newpass99',
      });
      expect(changed.status).toBe(200);
      expect((await order(u.token)).body).toMatchObject(fail(403, 'withdraw_locked'));
      clock.advance(24 * 3_600_000);
      expect((await order(u.token)).status).toBe(200);
    });

    it('obeys the operator: prohibited accounts, closed coins, unverified users, saved addresses only', async () => {
      const u = await trader('100');
      await admin('/api/admin/users/flags', { userId: u.id, withdrawProhibited: true });
      expect((await order(u.token)).body).toMatchObject(fail(403, 'withdraw_prohibited'));
      await admin('/api/admin/users/flags', { userId: u.id, withdrawProhibited: false });

      expect(
        (
          await admin('/api/admin/wallet/networks', {
            coin: 'USDT',
            network: 'TRC20',
            withdrawEnabled: false,
          })
        ).status,
      ).toBe(200);
      expect((await order(u.token)).body).toMatchObject(fail(403, 'withdraw_not_opened'));
      await admin('/api/admin/wallet/networks', { coin: 'USDT', network: 'TRC20', withdrawEnabled: true });

      await accounts.deps.uow.store.users.update(u.id, { certification: null });
      expect((await order(u.token)).body).toMatchObject(fail(403, 'verification_required'));
      await accounts.deps.uow.store.users.update(u.id, { certification: CERTIFICATION.approved });

      await toSavedAddressesOnly(async () => {
        expect((await order(u.token)).body).toMatchObject(fail(403, 'no_permission'));
        await addAddress(u.token, {
          coin: 'USDT',
          network: 'TRC20',
          address: ADDRESSES.TRC20,
        });
        expect((await order(u.token)).status).toBe(200);
      });
      const audit = await admin('/api/admin/audit?limit=20');
      expect(audit.body.data.map((a: { action: string }) => a.action)).toContain('wallet.network');
    });

    it('keeps operator actions to operators', async () => {
      const u = await trader();
      for (const url of ['/api/admin/deposits/confirm', '/api/admin/withdrawals/approve']) {
        expect((await call('POST', url, u.token, { id: 1 })).body).toMatchObject(fail(403, 'no_permission'));
      }
      expect(
        (await admin('/api/admin/wallet/networks', { coin: 'USDT', network: 'TRC20', minWithdraw: '0.5' }))
          .body,
      ).toMatchObject(fail(400, 'parameter_error'));
    });
  });

  it('answers a coin asked for on a network it is not on as a wrong network, not a closed one', async () => {
    const u = await trader('100');
    const onBtc = { coin: 'USDT', network: 'BTC' };
    const btcAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const answers = [
      await call('POST', '/api/recharge/address', u.token, onBtc),
      await call('POST', '/api/recharge/submit', u.token, { ...onBtc, amount: '20' }),
      await addAddress(u.token, { ...onBtc, address: btcAddress }),
      await order(u.token, { ...onBtc, address: btcAddress }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ...fail(400, 'parameter_error'), data: { field: 'network' } });
    }
    expect((await call('GET', '/api/withdraw/address/list', u.token)).body.data).toEqual([]);
    expect((await call('GET', '/api/recharge/list', u.token)).body.data).toHaveLength(1);
  });

  describe('the address book', () => {
    it('adds, lists and deletes; a duplicate is withdraw_address_used', async () => {
      const u = await trader();
      const body = { coin: 'USDT', network: 'TRC20', address: ADDRESSES.TRC20, remark: 'Ledger' };
      const added = await addAddress(u.token, body);
      expect(added.status).toBe(200);
      const a = withdrawAddressSchema.parse(added.body.data);
      expect((await addAddress(u.token, body)).body).toMatchObject(fail(409, 'withdraw_address_used'));
      expect((await call('GET', '/api/withdraw/address/list', u.token)).body.data).toEqual([a]);
      expect((await call('POST', '/api/withdraw/address/delete', u.token, { id: a.id })).status).toBe(200);
      expect((await call('POST', '/api/withdraw/address/delete', u.token, { id: a.id })).body).toMatchObject(
        fail(404, 'record_not_found'),
      );
    });

    it('asks a user without a withdrawal password to set one before saving an address', async () => {
      const s = await registerUser(accounts);
      const res = await addAddress(s.token, { coin: 'USDT', network: 'TRC20', address: ADDRESSES.TRC20 });
      expect(res.body).toMatchObject(fail(403, 'withdraw_pwd_not_set'));
      expect((await call('GET', '/api/withdraw/address/list', s.token)).body.data).toEqual([]);
    });

    it("counts wrong passwords at the address book with the withdrawals' own", async () => {
      const u = await trader('100');
      const wrong = { coin: 'USDT', network: 'TRC20', address: ADDRESSES.TRC20, password: 'nope1234' };
      let res = await addAddress(u.token, wrong);
      for (let i = 0; i < 20 && res.body.msg !== 'app.msg.withdraw_pwd_tries'; i++)
        res = await addAddress(u.token, wrong);
      expect(res.body).toMatchObject(fail(429, 'withdraw_pwd_tries'));
      // Past the tries the right password opens neither the book nor a withdrawal.
      expect((await addAddress(u.token, { ...wrong, password: 'draw1234' })).body.msg).toBe(
        'app.msg.withdraw_pwd_tries',
      );
      expect((await order(u.token)).body.msg).toBe('app.msg.withdraw_pwd_tries');
    });

    it('keeps an address its network reads in any case once, in lower case, and finds older ones typed otherwise', async () => {
      const u = await trader('100');
      const erc = { coin: 'USDT', network: 'ERC20' };
      const add = (address: string, over: object = erc) => addAddress(u.token, { ...over, address });
      // An EVM address's mixed case is only its checksum: both spellings are one address.
      expect((await add(ADDRESSES.ERC20)).body.data.address).toBe(ADDRESSES.ERC20.toLowerCase());
      expect((await add(ADDRESSES.ERC20.toLowerCase())).body).toMatchObject(
        fail(409, 'withdraw_address_used'),
      );
      // Bech32 all in capitals (as QR codes write it) is the lower-case address; mixed, it is none.
      const bech32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      const btc = { coin: 'BTC', network: 'BTC' };
      expect((await add(bech32.toUpperCase(), btc)).body.data.address).toBe(bech32);
      expect((await add(`bc1Q${bech32.slice(4)}`, btc)).body).toMatchObject({
        ...fail(400, 'address_invalid'),
        data: { field: 'address' },
      });
      // Base58 is case-sensitive: kept as typed.
      expect((await add(ADDRESSES.TRC20, { coin: 'USDT', network: 'TRC20' })).body.data.address).toBe(
        ADDRESSES.TRC20,
      );
      // Saved before this rule in its checksum case, an address is still the one a withdrawal names.
      await t.db.kysely.deleteFrom('withdraw_addresses').where('user_id', '=', u.id).execute();
      await t.db.kysely
        .insertInto('withdraw_addresses')
        .values({
          user_id: u.id,
          coin: 'USDT',
          network: 'ERC20',
          address: ADDRESSES.ERC20,
          memo: '',
          remark: '',
          created_at: 0,
        })
        .execute();
      await toSavedAddressesOnly(async () => {
        const w = await order(u.token, { ...erc, address: ADDRESSES.ERC20.toLowerCase() });
        expect(w.status, JSON.stringify(w.body)).toBe(200);
        expect(w.body.data.address).toBe(ADDRESSES.ERC20.toLowerCase());
      });
    });

    const xrp = { coin: 'XRP', network: 'XRP', address: ADDRESSES.XRP };
    it.each([
      [
        'a symbol in the address',
        { address: 'TXYZ bcdefghijkmnopqrstuvwxyz12345' },
        'address_charset',
        'address',
      ],
      ['a short address', { address: 'T123' }, 'address_invalid', 'address'],
      ['an address longer than any network has', { address: 'A'.repeat(150) }, 'address_invalid', 'address'],
      ['an address past the column', { address: 'A'.repeat(201) }, 'address_invalid', 'address'],
      ['a bad memo', { ...xrp, memo: 'a-b' }, 'memo_invalid', 'memo'],
      [
        'an XRP destination tag past 32 bits',
        { ...xrp, memo: '4294967296' },
        'destination_tag_invalid',
        'memo',
      ],
      ['a memo on a network without memos', { memo: 'abc' }, 'parameter_error', 'memo'],
      ['a long remark', { remark: 'r'.repeat(41) }, 'text_too_long', 'remark'],
      ['no withdrawal password', { password: '' }, 'field_required', 'password'],
      ['a wrong withdrawal password', { password: 'nope1234' }, 'withdraw_pwd_incorrect', null],
    ])('refuses %s, saving nothing', async (_name, over, name, field) => {
      const u = await trader();
      const res = await addAddress(u.token, {
        coin: 'USDT',
        network: 'TRC20',
        address: ADDRESSES.TRC20,
        ...over,
      });
      expect(res.body).toMatchObject({ ...fail(400, name), data: field && { field } });
      expect((await call('GET', '/api/withdraw/address/list', u.token)).body.data).toEqual([]);
    });

    it.each([
      ['a TRON address', 'SOL', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
      ['a Bitcoin address', 'SOL', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
      ['a TRON address mistyped by one character', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF'],
      ['an EVM address with a broken EIP-55 checksum', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      ['a bech32 address with a broken checksum', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp'],
      ['a Dogecoin testnet address', 'DOGE', 'nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk'],
    ])('refuses %s on %s, saving nothing', async (_name, network, address) => {
      const u = await trader();
      const res = await addAddress(u.token, {
        coin: network,
        network,
        address,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ...fail(400, 'address_invalid'), data: { field: 'address' } });
      expect((await call('GET', '/api/withdraw/address/list', u.token)).body.data).toEqual([]);
    });

    it.each([
      ['a Solana address', 'SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      ['a Dogecoin multisig address (A…)', 'DOGE', 'A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs'],
      ['a Dogecoin multisig address (9…)', 'DOGE', '9zYnVRaekPtdKBYuPw5QiBtv3NNrzD2LLW'],
      ['a Litecoin multisig address in its old spelling (3…)', 'LTC', '3F1c6UWAs9RLN2Mbt5bAJue12VhVCorXzs'],
      [
        'a Cardano Byron address (Ae2…)',
        'ADA',
        'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi',
      ],
      [
        'a Cardano Byron address (DdzFF…)',
        'ADA',
        'DdzFFzCqrhsw3prhfMFDNFowbzUku3QmrMwarfjUbWXRisodn97R436SHc1rimp4MhPNmbdYb1aTdqtGSJixMVMi5MkArDQJ6Sc1n3Ez',
      ],
      ['a Bitcoin taproot address', 'BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ])('takes %s', async (_name, network, address) => {
      const u = await trader();
      const res = await addAddress(u.token, {
        coin: network,
        network,
        address,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(withdrawAddressSchema.parse(res.body.data)).toMatchObject({ network, address });
    });

    it('keeps the memo a network needs', async () => {
      const u = await trader();
      const res = await addAddress(u.token, { ...xrp, memo: '12345' });
      expect(withdrawAddressSchema.parse(res.body.data)).toMatchObject({ network: 'XRP', memo: '12345' });
    });
  });
});
