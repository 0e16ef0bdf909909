import { describe, expect, it } from 'vitest';
import { NETWORKS, addressProblem, memoRequired } from '../../../../protocol';
import {
  DEMO_POOL_FREE,
  demoDepositAddress,
  topUpDemoDepositAddresses,
} from '../../../../server/db/seed/wallet';
import { rejectsWith } from '../../helpers/errors';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { ADDRESSES, OPERATOR, insertUser, walletFor } from '../../helpers/wallet';

describe('the demo’s own deposit addresses', () => {
  it('fail their network’s checks, so nothing real is sent to one, and never repeat', () => {
    for (const network of NETWORKS.filter((n) => !memoRequired(n))) {
      const all = Array.from({ length: 2_000 }, (_, i) => demoDepositAddress(network, i));
      for (const a of all.filter((_, i) => i % 97 === 0 || i < 60))
        expect(addressProblem(network, a), a).toBe('app.msg.address_invalid');
      expect(new Set(all).size, network).toBe(all.length);
    }
  });
});

describe.each(forEachEngine())('deposit addresses on %s', (_engine, open) => {
  const t = useTestDb(open);
  const usdtTrc20 = { coin: 'USDT', network: 'TRC20' } as const;
  const rows = () => t().db.kysely.selectFrom('deposit_addresses').selectAll().execute();

  it('gives each account an address of its own, the same one each time, and deposits to it', async () => {
    const h = await walletFor(t());
    const [a, b] = [await insertUser(t()), await insertUser(t())];
    expect((await h.wallet.networksFor(a.id)).find((n) => n.network === 'TRC20')?.depositAddress).toBe('');
    const mine = await h.wallet.depositAddress(a, usdtTrc20);
    const theirs = await h.wallet.depositAddress(b, usdtTrc20);
    expect(mine.address).not.toBe(theirs.address);
    expect(mine.address).toMatch(/^TNovaDemo/);
    expect(await h.wallet.depositAddress(a, usdtTrc20)).toEqual(mine);
    expect((await h.wallet.networksFor(a.id)).find((n) => n.network === 'TRC20')?.depositAddress).toBe(
      mine.address,
    );
    const d = await h.wallet.submitDeposit(b, { ...usdtTrc20, amount: '20' });
    expect(d.address).toBe(theirs.address);
    // Another coin on the same network is a pool of its own, sharing no address with this one.
    const trx = await h.wallet.depositAddress(a, { coin: 'TRX', network: 'TRC20' });
    expect(trx.address).not.toBe(mine.address);
  });

  it('takes an address for a deposit declared before the address was asked for', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const d = await h.wallet.submitDeposit(user, { coin: 'USDT', network: 'ERC20', amount: '20' });
    expect(d.address).toBe((await h.wallet.depositAddress(user, { coin: 'USDT', network: 'ERC20' })).address);
  });

  it('keeps the shared address and gives the account its memo on a memo network', async () => {
    const h = await walletFor(t());
    const user = await insertUser(t());
    const xrp = await h.wallet.depositAddress(user, { coin: 'XRP', network: 'XRP' });
    const shared = (await h.wallet.networks()).find((n) => n.network === 'XRP')!;
    expect(xrp).toEqual({ address: shared.depositAddress, memo: String(100_000 + user.id) });
  });

  it('hands out one address to each of many accounts asking at once, and one only to an account asking twice', async () => {
    const h = await walletFor(t());
    const users = await Promise.all(Array.from({ length: 8 }, () => insertUser(t())));
    const answers = await Promise.all(
      users.flatMap((u) => [h.wallet.depositAddress(u, usdtTrc20), h.wallet.depositAddress(u, usdtTrc20)]),
    );
    for (let i = 0; i < users.length; i++) expect(answers[2 * i]).toEqual(answers[2 * i + 1]);
    expect(new Set(answers.map((a) => a.address)).size).toBe(users.length);
    const owned = (await rows()).filter(
      (r) => r.coin === 'USDT' && r.network === 'TRC20' && r.user_id !== null,
    );
    expect(owned).toHaveLength(users.length);
  });

  it('refuses a deposit, writing nothing, when the pool has no free address', async () => {
    const h = await walletFor(t());
    await t().db.kysely.deleteFrom('deposit_addresses').execute();
    const user = await insertUser(t());
    await rejectsWith(h.wallet.depositAddress(user, usdtTrc20), 'deposit_address_unavailable');
    await rejectsWith(
      h.wallet.submitDeposit(user, { ...usdtTrc20, amount: '20' }),
      'deposit_address_unavailable',
    );
    expect(await h.wallet.deposits(user.id, { page: 1, size: 10 })).toEqual([]);
    expect(await h.wallet.addDepositAddresses(OPERATOR, 'USDT', 'TRC20', [ADDRESSES.TRC20])).toBe(1);
    expect((await h.wallet.depositAddress(user, usdtTrc20)).address).toBe(ADDRESSES.TRC20);
  });

  it('lets an operator add checked addresses, skipping those already there, with an audit row', async () => {
    const h = await walletFor(t());
    const before = await h.wallet.depositAddressStock('USDT', 'TRC20');
    await rejectsWith(
      h.wallet.addDepositAddresses(OPERATOR, 'USDT', 'TRC20', [ADDRESSES.TRC20, ADDRESSES.ERC20]),
      'address_invalid',
    );
    await rejectsWith(
      h.wallet.addDepositAddresses(OPERATOR, 'XRP', 'XRP', [ADDRESSES.XRP]),
      'parameter_error',
    );
    await rejectsWith(
      h.wallet.addDepositAddresses(OPERATOR, 'NOPE', 'TRC20', [ADDRESSES.TRC20]),
      'currency_not_exist',
    );
    expect(await h.wallet.depositAddressStock('USDT', 'TRC20')).toEqual(before);
    const added = await h.wallet.addDepositAddresses(OPERATOR, 'USDT', 'TRC20', [
      ADDRESSES.TRC20,
      ADDRESSES.TRC20b,
      ADDRESSES.TRC20,
    ]);
    expect(added).toBe(2);
    expect(await h.wallet.addDepositAddresses(OPERATOR, 'USDT', 'TRC20', [ADDRESSES.TRC20])).toBe(0);
    // Nor may another coin's pool on the network hold it.
    expect(await h.wallet.addDepositAddresses(OPERATOR, 'TRX', 'TRC20', [ADDRESSES.TRC20])).toBe(0);
    expect(await h.wallet.depositAddressStock('USDT', 'TRC20')).toEqual({ ...before, free: before.free + 2 });
    const audit = await t()
      .db.kysely.selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'wallet.deposit_addresses.add')
      .execute();
    expect(audit.map((a) => a.target)).toEqual([
      'wallet_network:USDT:TRC20',
      'wallet_network:USDT:TRC20',
      'wallet_network:TRX:TRC20',
    ]);
  });

  it('keeps a demo pool topped up, and gives none to a network an operator set a real address on', async () => {
    const h = await walletFor(t());
    expect(await h.wallet.depositAddressStock('USDT', 'TRC20')).toEqual({ free: DEMO_POOL_FREE, taken: 0 });
    for (let i = 0; i < 3; i++) await h.wallet.depositAddress(await insertUser(t()), usdtTrc20);
    await topUpDemoDepositAddresses(t().db.kysely);
    expect(await h.wallet.depositAddressStock('USDT', 'TRC20')).toEqual({ free: DEMO_POOL_FREE, taken: 3 });
    await t().db.kysely.deleteFrom('deposit_addresses').where('coin', '=', 'BTC').execute();
    await h.wallet.updateNetwork(OPERATOR, {
      coin: 'BTC',
      network: 'BTC',
      depositAddress: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
    });
    await topUpDemoDepositAddresses(t().db.kysely);
    expect(await h.wallet.depositAddressStock('BTC', 'BTC')).toEqual({ free: 0, taken: 0 });
  });
});
