import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../protocol';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { T0 } from '../helpers/accounts';
import { rejectsWith } from '../helpers/errors';
import { forEachEngine, useTestDb } from '../helpers/testDb';
import { stakingHarness, UNIT } from './helpers';

describe.each(forEachEngine())('staking accrual on %s', (_engine, open) => {
  const db = useTestDb(open, { seed: true });

  it('releases each day once, exact to the last digit, and returns the principal at maturity', async () => {
    const h = stakingHarness(db());
    await h.fundHouse('USDT', 1_000_000n * UNIT);
    const productId = await h.product(); // 3 days at 0.5 % a day
    const u = await h.user({ USDT: 10_000n * UNIT });
    const pledge = await h.staking.pledge(u, productId, '1234.56789012');
    // 1234.56789012 × 0.005 = 6.1728394506, rounded down to 8 places.
    expect(pledge).toMatchObject({
      amount: '1234.56789012',
      dailyIncome: '6.17283945',
      projectedIncome: '18.51851835',
      status: 'app.data.pledge_earning',
      pledgedAt: T0,
      maturesAt: T0 + 3 * DAY_MS,
      settledAt: null,
    });
    expect(await h.balance(u.id)).toEqual({ available: '8765.43210988', frozen: '1234.56789012' });
    // The whole income is set aside from the house at once.
    expect(await h.balance(SYSTEM_ACCOUNTS.house)).toEqual({
      available: '999981.48148165',
      frozen: '18.51851835',
    });

    h.advanceDays(1, -1);
    expect(await h.staking.accrue()).toEqual({ days: 0, settled: 0, failed: 0 });
    h.clock.now += 1;
    expect(await h.staking.accrue()).toEqual({ days: 1, settled: 0, failed: 0 });
    // A second run, or a restart, the same day pays nothing more.
    expect(await h.staking.accrue()).toEqual({ days: 0, settled: 0, failed: 0 });
    expect(await h.balance(u.id)).toEqual({ available: '8771.60494933', frozen: '1234.56789012' });

    const [earning] = (await h.staking.pledges(u.id, {})).list;
    expect(earning).toMatchObject({ daysPaid: 1, todayIncome: '6.17283945', cumulativeIncome: '6.17283945' });
    expect(await h.staking.earnings(u.id)).toEqual([
      {
        asset: 'USDT',
        pledged: '1234.56789012',
        today: '6.17283945',
        cumulative: '6.17283945',
        projected: '12.34567890',
      },
    ]);

    h.advanceDays(2);
    expect(await h.staking.accrue()).toEqual({ days: 2, settled: 1, failed: 0 });
    expect(await h.staking.accrue()).toEqual({ days: 0, settled: 0, failed: 0 });
    expect(await h.balance(u.id)).toEqual({ available: '10018.51851835', frozen: '0.00000000' });
    expect(await h.balance(SYSTEM_ACCOUNTS.house)).toEqual({
      available: '999981.48148165',
      frozen: '0.00000000',
    });
    const [settled] = (await h.staking.pledges(u.id, { status: 'app.data.pledge_settled' })).list;
    expect(settled).toMatchObject({
      status: 'app.data.pledge_settled',
      daysPaid: 3,
      settledAt: h.clock.now,
      cumulativeIncome: '18.51851835',
    });
    const income = await h.staking.income(u.id, {});
    expect(income.total).toBe(3);
    expect(income.list.map((r) => [r.day, r.amount])).toEqual([
      [3, '6.17283945'],
      [2, '6.17283945'],
      [1, '6.17283945'],
    ]);
    const journal = await h.ledger.financ(u.id, { page: 1, size: 20 });
    expect(journal.list.map((e) => e.type)).toEqual([
      'app.data.pledge_return',
      'app.data.pledge_income',
      'app.data.pledge_income',
      'app.data.pledge_income',
      'app.data.pledge',
      'app.data.deposit',
    ]);
    expect(await h.staking.earnings(u.id)).toEqual([
      {
        asset: 'USDT',
        pledged: '0.00000000',
        today: '12.34567890',
        cumulative: '18.51851835',
        projected: '0.00000000',
      },
    ]);
  });

  it('pays every day missed while down in one catch-up run, and nothing twice', async () => {
    const h = stakingHarness(db());
    await h.fundHouse('USDT', 1_000_000n * UNIT);
    const productId = await h.product({ cycleDays: 30, dailyRate: 30_000n }); // 0.03 % a day
    const a = await h.user({ USDT: 5_000n * UNIT });
    const b = await h.user({ USDT: 5_000n * UNIT });
    await h.staking.pledge(a, productId, '1000');
    h.advanceDays(10);
    await h.staking.pledge(b, productId, '3333.33333333');
    // Down for 45 days: a's pledge ends, b's is 30 days in when the server comes back.
    h.advanceDays(30, 5);
    const [first, second] = await Promise.all([h.staking.accrue(), h.staking.accrue()]);
    expect(first.days + second.days).toBe(60);
    expect(first.settled + second.settled).toBe(2);
    // 1000 × 0.0003 = 0.3 a day; 3333.33333333 × 0.0003 = 0.999999999999 → 0.99999999.
    expect(await h.balance(a.id)).toEqual({ available: '5009.00000000', frozen: '0.00000000' });
    expect(await h.balance(b.id)).toEqual({ available: '5029.99999970', frozen: '0.00000000' });
    const rows = await db().db.kysely.selectFrom('defi_income').select(['pledge_id', 'day']).execute();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => `${r.pledge_id}:${r.day}`)).size).toBe(60);
    h.advanceDays(5);
    expect(await h.staking.accrue()).toEqual({ days: 0, settled: 0, failed: 0 });
  });

  it('refuses a pledge whose income the house cannot set aside, and writes nothing', async () => {
    const h = stakingHarness(db());
    const productId = await h.product({ asset: 'ETH', cycleDays: 2, minAmount: UNIT / 10n });
    const u = await h.user({ ETH: 2n * UNIT });
    // 1 ETH for 2 days at 0.5 % earns 0.01; the house holds a little less.
    await h.fundHouse('ETH', UNIT / 100n - 1n);
    const quota = async () =>
      (await h.staking.products(u.id)).find((p) => p.id === productId)?.remainingQuota;
    const before = await quota();
    await rejectsWith(h.staking.pledge(u, productId, '1'), 'product_unavailable');
    expect(await h.balance(u.id, 'ETH')).toEqual({ available: '2.00000000', frozen: '0.00000000' });
    expect(await h.balance(SYSTEM_ACCOUNTS.house, 'ETH')).toEqual({
      available: '0.00999999',
      frozen: '0.00000000',
    });
    expect(await db().db.kysely.selectFrom('defi_pledges').select('id').execute()).toEqual([]);
    expect(await quota()).toBe(before);
  });

  it('pays the income set aside and returns the principal, whatever the house spends meanwhile', async () => {
    const h = stakingHarness(db());
    const productId = await h.product({ asset: 'ETH', cycleDays: 2, minAmount: UNIT / 10n });
    const u = await h.user({ ETH: 2n * UNIT });
    await h.fundHouse('ETH', 5n * UNIT);
    await h.staking.pledge(u, productId, '1');
    // The house's market making spends everything it has available.
    await h.fundHouse('ETH', -(5n * UNIT - UNIT / 100n));
    expect(await h.balance(SYSTEM_ACCOUNTS.house, 'ETH')).toEqual({
      available: '0.00000000',
      frozen: '0.01000000',
    });
    h.advanceDays(2);
    expect(await h.staking.accrue()).toEqual({ days: 2, settled: 1, failed: 0 });
    expect(await h.balance(u.id, 'ETH')).toEqual({ available: '2.01000000', frozen: '0.00000000' });
    expect(await h.balance(SYSTEM_ACCOUNTS.house, 'ETH')).toEqual({
      available: '0.00000000',
      frozen: '0.00000000',
    });
  });

  it('leaves a pledge made before incomes were set aside earning while the house cannot pay it, and pays it once funded', async () => {
    const h = stakingHarness(db());
    const productId = await h.product({ asset: 'ETH', cycleDays: 2, minAmount: UNIT / 10n });
    const u = await h.user({ ETH: 2n * UNIT });
    await h.fundHouse('ETH', UNIT / 100n);
    const pledge = await h.staking.pledge(u, productId, '1');
    // As migration 025 leaves a pledge made before it: nothing set aside, paid from what the house has.
    await db()
      .db.kysely.updateTable('defi_pledges')
      .set({ income_reserved: 0 })
      .where('id', '=', pledge.id)
      .execute();
    await h.ledger.post([
      {
        userId: SYSTEM_ACCOUNTS.house,
        asset: 'ETH',
        available: 0n,
        frozen: -(UNIT / 100n),
        type: 'app.data.house_funding',
        ref: 'test',
      },
    ]);
    h.advanceDays(1);
    expect(await h.staking.accrue()).toEqual({ days: 0, settled: 0, failed: 1 });
    expect(h.errors).toHaveLength(1);
    expect(await h.balance(u.id, 'ETH')).toEqual({ available: '1.00000000', frozen: '1.00000000' });
    await h.fundHouse('ETH', 10n * UNIT);
    h.advanceDays(1);
    expect(await h.staking.accrue()).toEqual({ days: 2, settled: 1, failed: 0 });
    expect(await h.balance(u.id, 'ETH')).toEqual({ available: '2.01000000', frozen: '0.00000000' });
  });
});
