import { describe, expect, it } from 'vitest';
import { CODE, addressProblem, DEPOSIT_BELOW_MIN, memoRequired } from '../../../../protocol';
import { walletUnitOfWork } from '../../../../server/db/repos/wallet';
import { demoNetworks } from '../../../../server/db/seed/wallet';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import type { PostedEntry } from '../../../../server/domain/ledger/types';
import type { WalletUnitOfWork } from '../../../../server/domain/wallet/ports';
import { MAX_OPEN_DEPOSITS } from '../../../../server/domain/wallet/service';
import { operatorWatcher, type DepositSettler } from '../../../../server/domain/wallet/watcher';
import { rejectsWith } from '../../helpers/errors';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import {
  ADDRESSES,
  OPERATOR,
  WITHDRAW_PASSWORD,
  feesHeld,
  insertUser,
  requestKey,
  totalHeld,
  units,
  usdtWithdrawal,
  walletFor,
} from '../../helpers/wallet';

const HOUR = 3_600_000;

describe('the demo networks', () => {
  it('show users no shared deposit address a chain would take', () => {
    // The shared address is shown only where deposits carry a memo; elsewhere each user has one
    // from the pool (depositAddresses.test.ts).
    for (const n of demoNetworks().filter((n) => memoRequired(n.network)))
      expect(addressProblem(n.network, n.depositAddress), n.coin + n.network).toBe('app.msg.address_invalid');
  });
  it('keep every withdrawal worth more than its fee, and limits in order', () => {
    for (const n of demoNetworks()) {
      expect(n.withdrawFee < n.minWithdraw).toBe(true);
      expect(n.minDeposit <= n.maxDeposit && n.minWithdraw <= n.maxWithdraw).toBe(true);
    }
  });
  it('the test addresses are valid', () => {
    expect(addressProblem('TRC20', ADDRESSES.TRC20)).toBeNull();
    expect(addressProblem('TRC20', ADDRESSES.TRC20b)).toBeNull();
    expect(addressProblem('ERC20', ADDRESSES.ERC20)).toBeNull();
    expect(addressProblem('XRP', ADDRESSES.XRP)).toBeNull();
  });
});

describe.each(forEachEngine())('wallet rules on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('takes deposits and confirmations no finer than the network carries', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const usdt = { coin: 'USDT', network: 'TRC20' } as const;
    await rejectsWith(h.wallet.submitDeposit(user, { ...usdt, amount: '50.0000001' }), 'amount_decimals');
    expect(await h.wallet.deposits(user.id, { page: 1, size: 10 })).toEqual([]);
    const d = await h.wallet.submitDeposit(user, { ...usdt, amount: '50.000001' });
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, d.id, '50.0000011'), 'amount_decimals');
    // Finer than any network carries is finer than this one: the same refusal, not "no amount".
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, d.id, '0.001234567'), 'amount_decimals');
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, d.id, '0.000000000'), 'amount_invalid');
    await expect(h.wallet.confirmDeposit(OPERATOR, d.id, '50.000001')).resolves.toMatchObject({
      status: 'success',
      creditedAmount: '50.00000100',
    });
  });

  it('lets the chain watcher confirm a deposit an operator settled first without a word, and without crediting it', async () => {
    let settler: DepositSettler | undefined;
    const h = await walletFor(t(), {
      watcher: (s) => {
        settler = s;
        return operatorWatcher();
      },
    });
    const user = await insertUser(t());
    const usdt = { coin: 'USDT', network: 'TRC20' } as const;
    const failed = await h.wallet.submitDeposit(user, { ...usdt, amount: '50' });
    await h.wallet.failDeposit(OPERATOR, failed.id, 'Nothing arrived');
    const confirmed = await h.wallet.submitDeposit(user, { ...usdt, amount: '30' });
    await h.wallet.confirmDeposit(OPERATOR, confirmed.id);
    await settler!.confirm(failed.id);
    await settler!.confirm(confirmed.id);
    expect((await h.wallet.deposits(user.id, { page: 1, size: 10 })).map((d) => d.status).sort()).toEqual([
      'fail',
      'success',
    ]);
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('30'));
    // A transaction the operator credited to another user's declaration of it: left to the operator.
    const other = await insertUser(t());
    const txHash = '12ab'.repeat(16);
    const theirs = await h.wallet.submitDeposit(other, { ...usdt, amount: '20', txHash });
    const mine = await h.wallet.submitDeposit(user, { ...usdt, amount: '20', txHash });
    await h.wallet.confirmDeposit(OPERATOR, theirs.id);
    await settler!.confirm(mine.id);
    expect((await h.wallet.deposits(user.id, { page: 1, size: 10 }))[0]).toMatchObject({
      id: mine.id,
      status: 'confirming',
    });
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('30'));
  });

  it('keeps a network’s limits and fee within its decimal places when an operator changes them', async () => {
    const h = await walletFor(t());
    const bep20 = { coin: 'USDT', network: 'BEP20' } as const;
    // Its fee is 0.5: no longer a whole number of the places asked for.
    await rejectsWith(h.wallet.updateNetwork(OPERATOR, { ...bep20, decimals: 0 }), 'parameter_error');
    await expect(h.wallet.updateNetwork(OPERATOR, { ...bep20, decimals: 1 })).resolves.toMatchObject({
      decimals: 1,
    });
  });

  it('credits a deposit only when confirmed, exactly once', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '150.5' });
    expect(d).toMatchObject({
      status: 'pending',
      status_name: 'app.data.deposit_pending',
      amount: '150.50000000',
    });
    expect(await h.ledger.available(user.id, 'USDT')).toBe(0n);
    const ok = await h.wallet.confirmDeposit(OPERATOR, d.id);
    expect(ok).toMatchObject({ status: 'success', creditedAmount: '150.50000000' });
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('150.5'));
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, d.id), 'record_not_found');
    await rejectsWith(h.wallet.failDeposit(OPERATOR, d.id, 'late'), 'record_not_found');
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('150.5'));
  });

  it('audits a deposit decision with its amounts in coins and its grounds: what arrived, the reason', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const usdt = { coin: 'USDT', network: 'TRC20' } as const;
    const a = await h.wallet.submitDeposit(user, { ...usdt, amount: '70', txHash: 'ab'.repeat(32) });
    const b = await h.wallet.submitDeposit(user, { ...usdt, amount: '40' });
    await h.wallet.confirmDeposit(OPERATOR, a.id, '69.5');
    await h.wallet.failDeposit(OPERATOR, b.id, 'No such transfer on chain');
    const rows = await t().db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.action, JSON.parse(r.before_json), JSON.parse(r.after_json)])).toEqual([
      [
        'deposit.success',
        expect.objectContaining({ status: 'confirming', amount: '70.00000000', creditedAmount: null }),
        expect.objectContaining({
          status: 'success',
          network: 'TRC20',
          amount: '70.00000000',
          receivedAmount: '69.50000000',
          creditedAmount: '69.50000000',
          txHash: 'ab'.repeat(32),
        }),
      ],
      [
        'deposit.fail',
        expect.objectContaining({ status: 'pending', note: null }),
        expect.objectContaining({
          status: 'fail',
          creditedAmount: '0.00000000',
          note: 'No such transfer on chain',
        }),
      ],
    ]);
  });

  it('credits and announces a deposit once when its transaction is run again after a transient failure', async () => {
    const real = walletUnitOfWork(t().db, createLedger(t().db));
    let failOnce = false;
    // The work done, then the commit lost to a deadlock: the transaction runs the work again.
    const uow: WalletUnitOfWork = {
      repo: real.repo,
      transaction: (fn) =>
        real.transaction(async (tx) => {
          const result = await fn(tx);
          if (failOnce) {
            failOnce = false;
            throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
          }
          return result;
        }),
    };
    const announced: PostedEntry[][] = [];
    const h = await walletFor(t(), { uow, announce: (entries) => announced.push([...entries]) });
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '150.5' });
    announced.length = 0;
    failOnce = true;
    await h.wallet.confirmDeposit(OPERATOR, d.id);
    expect(failOnce).toBe(false);
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('150.5'));
    expect(announced).toHaveLength(1);
    expect(announced[0]!.map((e) => [e.userId, e.asset, e.available])).toEqual([
      [user.id, 'USDT', units('150.5')],
    ]);
  });

  it('credits once under two confirmations racing', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, {
      coin: 'USDT',
      network: 'TRC20',
      amount: '40',
      txHash: 'ab'.repeat(32),
    });
    expect(d.status).toBe('confirming');
    const results = await Promise.allSettled([
      h.wallet.confirmDeposit(OPERATOR, d.id),
      h.wallet.confirmDeposit(OPERATOR, d.id),
      h.wallet.confirmDeposit(OPERATOR, d.id, '40'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await h.ledger.available(user.id, 'USDT')).toBe(units('40'));
    const journal = await h.ledger.financ(user.id, { page: 1, size: 20, type: 'app.data.deposit' });
    expect(journal.total).toBe(1);
  });

  it('credits one chain transaction once, whoever declared it first', async () => {
    const h = await walletFor(t());
    const [a, b, c] = [await insertUser(t()), await insertUser(t()), await insertUser(t())];
    const hash = 'aaaabbbbccccdddd0001';
    const declare = (user: typeof a, txHash: string, network: 'TRC20' | 'ERC20' = 'TRC20') =>
      h.wallet.submitDeposit(user, { coin: 'USDT', network, amount: '100', txHash });
    // Declared first by someone watching the chain, the transfer is still its owner's to declare:
    // both wait for the operator, who credits the one whose address it paid.
    const falseClaim = await declare(a, hash);
    // Hex compares in any case and with or without 0x: each is the same transaction.
    await rejectsWith(declare(a, `0x${hash.toUpperCase()}`), 'tx_hash_used');
    const ownClaim = await declare(b, hash.toUpperCase());
    // Another network is another chain.
    expect((await declare(a, hash, 'ERC20')).txHash).toBe(hash);
    await h.wallet.confirmDeposit(OPERATOR, ownClaim.id);
    // Credited once: the other claim cannot be, and once judged the hash takes no more.
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, falseClaim.id), 'tx_hash_used');
    await rejectsWith(declare(c, hash), 'tx_hash_used');
    expect(await h.ledger.available(a.id, 'USDT')).toBe(0n);
    expect(await h.ledger.available(b.id, 'USDT')).toBe(units('100'));
    const trc20 = (await h.wallet.adminDeposits()).filter((d) => d.network === 'TRC20');
    expect(trc20.map((d) => [d.id, d.status])).toEqual(
      expect.arrayContaining([
        [falseClaim.id, 'confirming'],
        [ownClaim.id, 'success'],
      ]),
    );
    // The operator fails the false claim; nothing moved for it.
    expect((await h.wallet.failDeposit(OPERATOR, falseClaim.id, 'not paid to your address')).status).toBe(
      'fail',
    );
    expect(await h.ledger.available(a.id, 'USDT')).toBe(0n);
  });

  it('keeps hex hashes lower case without 0x, and Solana\u2019s base58 as typed', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const erc = await h.wallet.submitDeposit(user, {
      coin: 'USDT',
      network: 'ERC20',
      amount: '20',
      txHash: `0x${'AB'.repeat(32)}`,
    });
    expect(erc.txHash).toBe('ab'.repeat(32));
    const base58 = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    const sol = await h.wallet.submitDeposit(user, {
      coin: 'SOL',
      network: 'SOL',
      amount: '1',
      txHash: base58,
    });
    expect(sol.txHash).toBe(base58);
    // In base58 case is part of the hash: the lower-case text is another transaction.
    const other = await h.wallet.submitDeposit(user, {
      coin: 'SOL',
      network: 'SOL',
      amount: '1',
      txHash: base58.toLowerCase(),
    });
    expect(other.txHash).toBe(base58.toLowerCase());
  });

  it('lets a failed deposit\u2019s transaction be declared again, and credits it once', async () => {
    const h = await walletFor(t());
    const [a, b] = [await insertUser(t()), await insertUser(t())];
    const req = { coin: 'USDT', network: 'TRC20' as const, amount: '40', txHash: 'cd'.repeat(32) };
    const first = await h.wallet.submitDeposit(a, req);
    await h.wallet.failDeposit(OPERATOR, first.id, 'wrong amount declared');
    const again = await h.wallet.submitDeposit(b, req);
    await h.wallet.confirmDeposit(OPERATOR, again.id);
    await rejectsWith(h.wallet.confirmDeposit(OPERATOR, first.id), 'record_not_found');
    expect(await h.ledger.available(a.id, 'USDT')).toBe(0n);
    expect(await h.ledger.available(b.id, 'USDT')).toBe(units('40'));
  });

  it('keeps the transaction of a deposit failed below the minimum: it cannot be declared again', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const req = { coin: 'USDT', network: 'TRC20' as const, amount: '100', txHash: 'ab'.repeat(32) };
    const first = await h.wallet.submitDeposit(user, req);
    // The chain shows 5, under the minimum of 10: failed, credited nothing (spec §5).
    expect((await h.wallet.confirmDeposit(OPERATOR, first.id, '5')).status).toBe('fail');
    await rejectsWith(h.wallet.submitDeposit(user, req), 'tx_hash_used');
    await rejectsWith(
      h.wallet.submitDeposit(user, { ...req, txHash: `0x${'AB'.repeat(32)}` }),
      'tx_hash_used',
    );
    expect(await h.ledger.available(user.id, 'USDT')).toBe(0n);
  });

  it('makes one deposit of one transaction declared twice at once by one user', async () => {
    const h = await walletFor(t());
    const a = await insertUser(t());
    const req = { coin: 'USDT', network: 'TRC20' as const, amount: '40', txHash: 'ef'.repeat(32) };
    const results = await Promise.allSettled([
      h.wallet.submitDeposit(a, req),
      h.wallet.submitDeposit(a, { ...req, txHash: `0x${req.txHash}` }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ key: 'app.msg.tx_hash_used' });
  });

  it('answers a declaration retried with its request key with the first one, at once or later', async () => {
    const h = await walletFor(t());
    const [a, b] = [await insertUser(t()), await insertUser(t())];
    const req = {
      coin: 'USDT',
      network: 'TRC20' as const,
      amount: '40',
      txHash: '12'.repeat(32),
      requestKey: 'declare-key-0001',
    };
    // Sent at once: one declaration, and every answer is it (not tx_hash_used for the others).
    const racing = await Promise.all([1, 2, 3].map(() => h.wallet.submitDeposit(a, req)));
    for (const d of racing) expect(d).toEqual(racing[0]);
    // Later, written another way: the key names the declaration made.
    expect(
      await h.wallet.submitDeposit(a, { ...req, amount: '40.00', txHash: '12'.repeat(32).toUpperCase() }),
    ).toEqual(racing[0]);
    // Another declaration under it is refused, not taken for the first.
    await rejectsWith(h.wallet.submitDeposit(a, { ...req, amount: '41' }), 'request_key_used');
    await rejectsWith(h.wallet.submitDeposit(a, { ...req, txHash: undefined }), 'request_key_used');
    // Keys are the account's own; without one, each declaration is another.
    const theirs = await h.wallet.submitDeposit(b, { ...req, txHash: undefined });
    expect(theirs.id).not.toBe(racing[0]!.id);
    await h.wallet.submitDeposit(b, { coin: 'USDT', network: 'TRC20', amount: '40' });
    await h.wallet.submitDeposit(b, { coin: 'USDT', network: 'TRC20', amount: '40' });
    const byUser = (id: number) => h.wallet.adminDeposits().then((all) => all.filter((d) => d.userId === id));
    expect(await byUser(a.id)).toHaveLength(1);
    expect(await byUser(b.id)).toHaveLength(3);
  });

  it('marks a deposit confirmed below the minimum and credits nothing', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '12' });
    const done = await h.wallet.confirmDeposit(OPERATOR, d.id, '9.99');
    expect(done).toMatchObject({
      status: 'fail',
      note: DEPOSIT_BELOW_MIN,
      creditedAmount: '0.00000000',
      receivedAmount: '9.99000000',
    });
    expect(await h.ledger.available(user.id, 'USDT')).toBe(0n);
  });

  it('keeps what the chain showed on a confirmed deposit, and none on one that failed', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const a = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '40' });
    expect(a.receivedAmount).toBeNull();
    expect(await h.wallet.confirmDeposit(OPERATOR, a.id, '39.5')).toMatchObject({
      creditedAmount: '39.50000000',
      receivedAmount: '39.50000000',
    });
    const b = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '40' });
    expect(await h.wallet.failDeposit(OPERATOR, b.id, 'never arrived')).toMatchObject({
      creditedAmount: '0.00000000',
      receivedAmount: null,
    });
  });

  it('refuses to confirm more than the network\u2019s maximum, changing nothing', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '40' });
    const err = await rejectsWith(
      h.wallet.confirmDeposit(OPERATOR, d.id, '999999999999999999999'),
      'outside_limit',
    );
    expect(err.data).toEqual({ min: '10', max: '1000000' });
    expect(await h.ledger.available(user.id, 'USDT')).toBe(0n);
    const [after] = await h.wallet.adminDeposits('pending');
    expect(after).toMatchObject({ id: d.id, status: 'pending', creditedAmount: null, receivedAmount: null });
  });

  it('refuses deposits outside the limits, on a closed network or one the coin is not on', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const below = await rejectsWith(
      h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '9' }),
      'outside_limit',
    );
    expect(below.data).toEqual({ min: '10', max: '1000000' });
    const notOn = await rejectsWith(
      h.wallet.submitDeposit(user, { coin: 'USDT', network: 'BTC', amount: '20' }),
      'parameter_error',
    );
    expect(notOn.data).toEqual({ field: 'network' });
    await rejectsWith(
      h.wallet.submitDeposit(user, { coin: 'NOPE', network: 'BTC', amount: '20' }),
      'currency_not_exist',
    );
    await h.wallet.updateNetwork(OPERATOR, { coin: 'USDT', network: 'TRC20', depositEnabled: false });
    await rejectsWith(
      h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '20' }),
      'deposit_not_opened',
    );
    const audit = await t().db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(audit.map((a) => a.action)).toEqual(['wallet.network']);
  });

  it('lets one account have only so many deposits waiting for review, and more once one is settled', async () => {
    const h = await walletFor(t());
    const [user, other] = [await insertUser(t()), await insertUser(t())];
    const declare = (who: typeof user) =>
      h.wallet.submitDeposit(who, { coin: 'USDT', network: 'TRC20', amount: '20' });
    const made = [];
    for (let i = 0; i < MAX_OPEN_DEPOSITS; i++) made.push(await declare(user));
    await rejectsWith(declare(user), 'too_many_open_deposits');
    // Another account's queue is its own; a retry of a declaration made is answered as before.
    await expect(declare(other)).resolves.toMatchObject({ status: 'pending' });
    await h.wallet.failDeposit(OPERATOR, made[0]!.id, 'never arrived');
    await expect(declare(user)).resolves.toMatchObject({ status: 'pending' });
    await rejectsWith(declare(user), 'too_many_open_deposits');
  });

  it('lists the deposits waiting for review oldest first, page by page, and finished ones newest first', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '20' })).id);
    const ids = (rows: Array<{ id: number }>) => rows.map((d) => d.id);
    expect(ids(await h.wallet.adminDeposits('pending', { page: 1, size: 2 }))).toEqual(made.slice(0, 2));
    expect(ids(await h.wallet.adminDeposits('pending', { page: 3, size: 2 }))).toEqual(made.slice(4));
    await h.wallet.confirmDeposit(OPERATOR, made[0]!);
    await h.wallet.confirmDeposit(OPERATOR, made[1]!);
    expect(ids(await h.wallet.adminDeposits('pending'))).toEqual(made.slice(2));
    expect(ids(await h.wallet.adminDeposits('success'))).toEqual([made[1], made[0]]);
  });

  describe('withdrawals', () => {
    const setup = async () => {
      const h = await walletFor(t());
      const user = await insertUser(t());
      const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'TRC20', amount: '100' });
      await h.wallet.confirmDeposit(OPERATOR, d.id);
      const order = (amount: string, over: Record<string, unknown> = {}) =>
        h.wallet.submitWithdrawal(user, { ...usdtWithdrawal(amount), ...over });
      return { h, user, order };
    };

    it('refuses an amount finer than the network carries, moving nothing (USDT on TRC20: six places)', async () => {
      const { h, user, order } = await setup();
      await rejectsWith(order('20.1234567'), 'amount_decimals');
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '100.00000000', frozen: '0.00000000' },
      ]);
      await expect(order('20.123456')).resolves.toMatchObject({ amount: '20.12345600' });
      // BTC carries eight.
      const btc = (await h.wallet.networksFor(user.id)).find((n) => n.coin === 'BTC');
      expect(btc?.decimals).toBe(8);
    });

    it('lists pending withdrawals oldest first for review, finished ones newest first', async () => {
      const { h, order } = await setup();
      const made = [(await order('20')).id, (await order('20')).id, (await order('20')).id];
      const ids = (rows: Array<{ id: number }>) => rows.map((w) => w.id);
      expect(ids(await h.wallet.adminWithdrawals('pending', { page: 1, size: 2 }))).toEqual(made.slice(0, 2));
      await h.wallet.rejectWithdrawal(OPERATOR, made[0]!, 'address unclear');
      await h.wallet.rejectWithdrawal(OPERATOR, made[2]!, 'address unclear');
      expect(ids(await h.wallet.adminWithdrawals('pending'))).toEqual([made[1]]);
      expect(ids(await h.wallet.adminWithdrawals('rejected'))).toEqual([made[2], made[0]]);
    });

    it('freezes the amount, then approval spends it and collects the fee', async () => {
      const { h, user, order } = await setup();
      const w = await order('30');
      expect(w).toMatchObject({
        status: 'pending',
        amount: '30.00000000',
        fee: '1.00000000',
        received: '29.00000000',
      });
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '70.00000000', frozen: '30.00000000' },
      ]);
      const done = await h.wallet.approveWithdrawal(OPERATOR, w.id, `0x${'CD'.repeat(32)}`);
      // The hash written as deposits keep it: lower case, without 0x.
      expect(done).toMatchObject({
        status: 'success',
        status_name: 'app.data.withdraw_success',
        txHash: 'cd'.repeat(32),
      });
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '70.00000000', frozen: '0.00000000' },
      ]);
      expect(await feesHeld(h.ledger, 'USDT')).toBe(units('1'));
      expect(await totalHeld(t(), 'USDT')).toBe(units('71'));
      await rejectsWith(h.wallet.rejectWithdrawal(OPERATOR, w.id, 'too late'), 'record_not_found');
      const audit = await t().db.kysely.selectFrom('audit_log').selectAll().execute();
      expect(audit.map((a) => [a.action, a.target])).toEqual([
        ['deposit.success', 'deposit:1'],
        ['withdrawal.success', `withdrawal:${w.id}`],
      ]);
      expect(JSON.parse(audit[1]!.before_json)).toMatchObject({ status: 'pending' });
      expect(JSON.parse(audit[1]!.after_json)).toMatchObject({ status: 'success' });
    });

    it('audits a review with the amounts in coins, where the coins went and why', async () => {
      const { h, order } = await setup();
      const paid = await order('30');
      const refused = await order('20');
      await h.wallet.approveWithdrawal(OPERATOR, paid.id, 'cd'.repeat(32));
      await h.wallet.rejectWithdrawal(OPERATOR, refused.id, 'Address under review');
      const rows = await t()
        .db.kysely.selectFrom('audit_log')
        .selectAll()
        .where('action', 'like', 'withdrawal.%')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.action, JSON.parse(r.before_json), JSON.parse(r.after_json)])).toEqual([
        [
          'withdrawal.success',
          expect.objectContaining({
            status: 'pending',
            amount: '30.00000000',
            fee: '1.00000000',
            txHash: null,
          }),
          expect.objectContaining({
            status: 'success',
            network: 'TRC20',
            address: ADDRESSES.TRC20,
            amount: '30.00000000',
            txHash: 'cd'.repeat(32),
          }),
        ],
        [
          'withdrawal.rejected',
          expect.objectContaining({ status: 'pending', note: null }),
          expect.objectContaining({
            status: 'rejected',
            amount: '20.00000000',
            note: 'Address under review',
          }),
        ],
      ]);
    });

    it('releases the amount on rejection and on failure', async () => {
      const { h, user, order } = await setup();
      const a = await order('30');
      const b = await order('20');
      expect(await h.wallet.rejectWithdrawal(OPERATOR, a.id, 'address on a sanctions list')).toMatchObject({
        status: 'rejected',
        note: 'address on a sanctions list',
      });
      expect(await h.wallet.failWithdrawal(OPERATOR, b.id, 'node down')).toMatchObject({ status: 'failed' });
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '100.00000000', frozen: '0.00000000' },
      ]);
    });

    it('refuses a withdrawal at a fee the form no longer shows, changing nothing', async () => {
      const { h, user, order } = await setup();
      await h.wallet.updateNetwork(OPERATOR, { coin: 'USDT', network: 'TRC20', withdrawFee: '3' });
      const err = await rejectsWith(order('20', { fee: '1' }), 'fee_changed');
      expect(err.data).toEqual({ fee: '3' });
      expect(await h.wallet.withdrawals(user.id, { page: 1, size: 20 })).toEqual([]);
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '100.00000000', frozen: '0.00000000' },
      ]);
      expect(await order('20', { fee: '3.00000000' })).toMatchObject({
        fee: '3.00000000',
        received: '17.00000000',
      });
    });

    it('makes one withdrawal of a retried submit', async () => {
      const { h, user, order } = await setup();
      const key = requestKey();
      const [a, b] = await Promise.all([order('30', { requestKey: key }), order('30', { requestKey: key })]);
      const c = await order('30', { requestKey: key });
      expect(b.id).toBe(a.id);
      expect(c.id).toBe(a.id);
      await rejectsWith(order('31', { requestKey: key }), 'request_key_used');
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '70.00000000', frozen: '30.00000000' },
      ]);
      expect(await h.wallet.withdrawals(user.id, { page: 1, size: 20 })).toHaveLength(1);
    });

    it('makes one withdrawal of the whole balance however many are sent at once', async () => {
      const { h, user, order } = await setup();
      const settled = await Promise.allSettled(Array.from({ length: 6 }, () => order('100')));
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const s of settled)
        if (s.status === 'rejected') expect(s.reason).toMatchObject({ errorName: 'insufficient_balance' });
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '0.00000000', frozen: '100.00000000' },
      ]);
      expect(await h.wallet.withdrawals(user.id, { page: 1, size: 20 })).toHaveLength(1);
    });

    it('answers limit failures with code 2003 and the limit', async () => {
      const { order } = await setup();
      const low = await rejectsWith(order('9.99'), 'withdraw_min');
      expect(low.code).toBe(CODE.withdrawLimit);
      expect(low.data).toEqual({ message: 'app.msg.withdraw_min', value: '10' });
      const high = await rejectsWith(order('100001'), 'withdraw_max');
      expect(high.data).toEqual({ message: 'app.msg.withdraw_max', value: '100000' });
    });

    it('refuses what the rules refuse, freezing nothing', async () => {
      const { h, user, order } = await setup();
      await rejectsWith(order('100.000001'), 'insufficient_balance');
      await rejectsWith(order('20', { password: 'wrong123' }), 'withdraw_pwd_incorrect');
      expect((await rejectsWith(order('20', { network: 'BTC' }), 'parameter_error')).data).toEqual({
        field: 'network',
      });
      await h.wallet.updateNetwork(OPERATOR, { coin: 'USDT', network: 'TRC20', withdrawEnabled: false });
      await rejectsWith(order('20'), 'withdraw_not_opened');
      expect(await h.ledger.balances(user.id)).toEqual([
        { asset: 'USDT', available: '100.00000000', frozen: '0.00000000' },
      ]);
    });

    it('keeps withdrawals locked for 24 hours after a login password change', async () => {
      const { h, user } = await setup();
      const locked = { ...user, withdrawLockedUntil: h.clock.now + 24 * HOUR };
      const req = {
        coin: 'USDT',
        network: 'TRC20' as const,
        address: ADDRESSES.TRC20,
        amount: '20',
        password: WITHDRAW_PASSWORD,
      };
      await rejectsWith(
        h.wallet.submitWithdrawal(locked, { ...req, requestKey: requestKey() }),
        'withdraw_locked',
      );
      h.clock.advance(24 * HOUR - 1);
      await rejectsWith(
        h.wallet.submitWithdrawal(locked, { ...req, requestKey: requestKey() }),
        'withdraw_locked',
      );
      h.clock.advance(1);
      expect((await h.wallet.submitWithdrawal(locked, { ...req, requestKey: requestKey() })).status).toBe(
        'pending',
      );
    });

    it('applies the account flag and the verification gate', async () => {
      const { h, user, order } = await setup();
      const req = {
        coin: 'USDT',
        network: 'TRC20' as const,
        address: ADDRESSES.TRC20,
        amount: '20',
        password: WITHDRAW_PASSWORD,
      };
      await rejectsWith(
        h.wallet.submitWithdrawal(
          { ...user, withdrawProhibited: true },
          { ...req, requestKey: requestKey() },
        ),
        'withdraw_prohibited',
      );
      await rejectsWith(
        h.wallet.submitWithdrawal({ ...user, certification: null }, { ...req, requestKey: requestKey() }),
        'verification_required',
      );
      await rejectsWith(
        h.wallet.submitWithdrawal({ ...user, certification: 0 }, { ...req, requestKey: requestKey() }),
        'verification_pending',
      );
      h.site.certification = false;
      expect(
        (
          await h.wallet.submitWithdrawal(
            { ...user, certification: null },
            { ...req, requestKey: requestKey() },
          )
        ).status,
      ).toBe('pending');
      // Only saved addresses once third-party addresses are off.
      h.site.thirdPartyWithdrawalAddress = false;
      await rejectsWith(order('20'), 'no_permission');
      await h.wallet.addAddress(user.id, {
        coin: 'USDT',
        network: 'TRC20',
        address: ADDRESSES.TRC20,
        password: WITHDRAW_PASSWORD,
      });
      expect((await order('20')).status).toBe('pending');
    });
  });

  it('keeps an address book per user, refusing duplicates', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const other = await insertUser(t());
    const a = await h.wallet.addAddress(user.id, {
      coin: 'USDT',
      network: 'TRC20',
      address: ADDRESSES.TRC20,
      remark: 'cold',
      password: WITHDRAW_PASSWORD,
    });
    await rejectsWith(
      h.wallet.addAddress(user.id, {
        coin: 'USDT',
        network: 'TRC20',
        address: ADDRESSES.TRC20,
        password: WITHDRAW_PASSWORD,
      }),
      'withdraw_address_used',
    );
    await h.wallet.addAddress(other.id, {
      coin: 'USDT',
      network: 'TRC20',
      address: ADDRESSES.TRC20,
      password: WITHDRAW_PASSWORD,
    });
    expect(await h.wallet.addresses(user.id)).toEqual([a]);
    await rejectsWith(
      h.wallet.addAddress(user.id, {
        coin: 'USDT',
        network: 'TRC20',
        address: ADDRESSES.ERC20,
        password: 'nope1234',
      }),
      'withdraw_pwd_incorrect',
    );
    expect(await h.wallet.addresses(user.id)).toEqual([a]);
    await rejectsWith(h.wallet.deleteAddress(other.id, a.id), 'record_not_found');
    await h.wallet.deleteAddress(user.id, a.id);
    expect(await h.wallet.addresses(user.id)).toEqual([]);
  });
});
