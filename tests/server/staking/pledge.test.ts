import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerStore } from '../../../server/db/repos/ledger';
import { writeGlobalConfig } from '../../../server/db/repos/siteConfig';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { rejectsWith } from '../helpers/errors';
import { forEachEngine, useTestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from './helpers';

/** The harness with a house that can set aside the income of every pledge made here. */
const housed = async (t: Parameters<typeof stakingHarness>[0]) => {
  const h = stakingHarness(t);
  await h.fundHouse('USDT', 1_000_000n * UNIT);
  return h;
};

describe.each(forEachEngine())('pledging on %s', (engine, open) => {
  const db = useTestDb(open, { seed: true });

  const state = async (productId: number) => {
    const k = db().db.kysely;
    const product = await k
      .selectFrom('defi_products')
      .select((eb) => eb.cast<string>('remaining_quota', 'text').as('remaining'))
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const pledges = await k.selectFrom('defi_pledges').select('id').execute();
    return { remaining: product.remaining, pledges: pledges.length };
  };

  it('refuses every rule with its message and writes nothing', async () => {
    const h = await housed(db());
    const productId = await h.product({ totalQuota: 1_000n * UNIT, purchaseLimit: 1 });
    const rich = await h.user({ USDT: 5_000n * UNIT });
    const poor = await h.user({ USDT: 50n * UNIT });
    const unverified = await h.user({ USDT: 5_000n * UNIT }, null);
    const underReview = await h.user({ USDT: 5_000n * UNIT }, 0);
    const rejected = await h.user({ USDT: 5_000n * UNIT }, 1);
    const before = await state(productId);

    const limits = { min: '10.00000000', max: '10000.00000000' };
    expect(
      (await rejectsWith(h.staking.pledge(rich, productId, '9.99999999'), 'outside_limit')).data,
    ).toEqual(limits);
    expect(
      (await rejectsWith(h.staking.pledge(rich, productId, '10000.00000001'), 'outside_limit')).data,
    ).toEqual(limits);
    for (const amount of ['1000.000000001', '-5', '0', 'abc', ' 100 ', '0100', ''])
      await rejectsWith(h.staking.pledge(rich, productId, amount), 'amount_invalid');
    await rejectsWith(h.staking.pledge(rich, productId, '1000.5'), 'investment_exceeds_limit');
    await rejectsWith(h.staking.pledge(unverified, productId, '100'), 'verification_required');
    await rejectsWith(h.staking.pledge(rejected, productId, '100'), 'verification_required');
    await rejectsWith(h.staking.pledge(underReview, productId, '100'), 'verification_pending');
    await rejectsWith(h.staking.pledge(poor, productId, '100'), 'insufficient_balance');
    await rejectsWith(h.staking.pledge(rich, 999, '100'), 'record_not_found');
    // A product an operator has closed is not open to pledges (spec §8 "not eligible for purchase").
    await db()
      .db.kysely.updateTable('defi_products')
      .set({ enabled: 0 })
      .where('id', '=', productId)
      .execute();
    await rejectsWith(h.staking.pledge(rich, productId, '100'), 'not_eligible');
    await db()
      .db.kysely.updateTable('defi_products')
      .set({ enabled: 1 })
      .where('id', '=', productId)
      .execute();
    expect(await state(productId)).toEqual(before);
    expect(await h.balance(poor.id)).toEqual({ available: '50.00000000', frozen: '0.00000000' });

    await h.staking.pledge(rich, productId, '100');
    await rejectsWith(h.staking.pledge(rich, productId, '100'), 'no_purchase_times');
    expect(await state(productId)).toEqual({ remaining: String(900n * UNIT), pledges: 1 });
  });

  it('lets anyone pledge while the site does not ask for verification', async () => {
    const h = await housed(db());
    await writeGlobalConfig(db().db.kysely, { certification: false });
    const productId = await h.product();
    const unverified = await h.user({ USDT: 500n * UNIT }, null);
    await expect(h.staking.pledge(unverified, productId, '100')).resolves.toMatchObject({
      amount: '100.00000000',
    });
  });

  it('never sells more than the quota, however many pledge at once', async () => {
    const h = await housed(db());
    const productId = await h.product({ totalQuota: 1_000n * UNIT, maxAmount: 1_000n * UNIT });
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => h.user({ USDT: 1_000n * UNIT })));
    const results = await Promise.allSettled(users.map((u) => h.staking.pledge(u, productId, '300')));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as Error).message).toBe('app.msg.investment_exceeds_limit');
    expect(await state(productId)).toEqual({ remaining: String(100n * UNIT), pledges: 3 });
  });

  it('never lets one user exceed the purchase limit with simultaneous pledges', async () => {
    const h = await housed(db());
    const productId = await h.product({ purchaseLimit: 2 });
    const u = await h.user({ USDT: 5_000n * UNIT });
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => h.staking.pledge(u, productId, '100')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('app.msg.no_purchase_times');
    // The quota given back by the refused pledges: their transactions rolled back whole.
    expect(await state(productId)).toEqual({ remaining: String(99_800n * UNIT), pledges: 2 });
    expect(await h.balance(u.id)).toEqual({ available: '4800.00000000', frozen: '200.00000000' });
  });

  it.runIf(engine === 'postgres')(
    'waits for the house’s account holding none of the trader’s, as every other writer takes them',
    async () => {
      const h = await housed(db());
      const productId = await h.product();
      const u = await h.user({ USDT: 5_000n * UNIT });
      const k = db().db.kysely;
      const waiting = async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(k);
        return rows[0]!.n;
      };
      let pledging: ReturnType<typeof h.staking.pledge> | undefined;
      // A spot batch, say: the exchange's accounts locked first, then a trader's as a fill pays it.
      // A pledge holding the trader's USDT while it waited for the house's would deadlock with it,
      // broken only after deadlock_timeout (a second); the lock timeout says so at once.
      await k.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '300ms'`.execute(trx);
        const store = ledgerStore(trx, 'postgres');
        await store.lock([{ userId: SYSTEM_ACCOUNTS.house, asset: 'USDT' }]);
        pledging = h.staking.pledge(u, productId, '100');
        while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 10));
        await store.lock([{ userId: u.id, asset: 'USDT' }]);
      });
      await expect(pledging).resolves.toMatchObject({ amount: '100.00000000' });
      expect(await h.balance(u.id)).toEqual({ available: '4900.00000000', frozen: '100.00000000' });
    },
  );
});

describe.each(forEachEngine())('a pledge retried with its request key on %s', (_engine, open) => {
  const db = useTestDb(open, { seed: true });

  it('answers the first pledge, sequentially or at once, and freezes the amount once', async () => {
    const h = await housed(db());
    const productId = await h.product({ purchaseLimit: 5 });
    const u = await h.user({ USDT: 5_000n * UNIT });
    const first = await h.staking.pledge(u, productId, '100', 'retry-key-0001');
    const again = await Promise.all(
      [1, 2, 3, 4].map(() => h.staking.pledge(u, productId, '100', 'retry-key-0001')),
    );
    for (const answer of again) expect(answer).toEqual(first);
    // The key names the pledge made, however the amount is written; another pledge under it (another
    // amount or product) is refused, not taken for the first, and makes nothing.
    expect(await h.staking.pledge(u, productId, '100.000', 'retry-key-0001')).toEqual(first);
    await rejectsWith(h.staking.pledge(u, productId, '250', 'retry-key-0001'), 'request_key_used');
    const other = await h.product();
    await rejectsWith(h.staking.pledge(u, other, '100', 'retry-key-0001'), 'request_key_used');
    expect(await h.balance(u.id)).toEqual({ available: '4900.00000000', frozen: '100.00000000' });
    expect((await h.staking.products(u.id)).find((p) => p.id === productId)?.purchased).toBe(1);

    // Another key, or none, is another pledge.
    await h.staking.pledge(u, productId, '100', 'retry-key-0002');
    await h.staking.pledge(u, productId, '100');
    expect(await h.balance(u.id)).toEqual({ available: '4700.00000000', frozen: '300.00000000' });
  });

  it('keeps keys per account, and lets a refused pledge’s key be used again', async () => {
    const h = await housed(db());
    const productId = await h.product();
    const a = await h.user({ USDT: 500n * UNIT });
    const b = await h.user({ USDT: 50n * UNIT });
    const mine = await h.staking.pledge(a, productId, '100', 'shared-key-0001');
    await rejectsWith(h.staking.pledge(b, productId, '100', 'shared-key-0001'), 'insufficient_balance');
    const theirs = await h.staking.pledge(b, productId, '20', 'shared-key-0001');
    expect(theirs.id).not.toBe(mine.id);
    expect(await h.balance(b.id)).toEqual({ available: '30.00000000', frozen: '20.00000000' });
    expect(await h.balance(a.id)).toEqual({ available: '400.00000000', frozen: '100.00000000' });
  });
});
