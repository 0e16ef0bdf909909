import { DAY_MS } from '../../../protocol';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { insertProduct, type NewProduct } from '../../../server/db/repos/defi';
import { createStaking, type Staking } from '../../../server/staking/service';
import { T0 } from '../helpers/accounts';
import type { TestDb } from '../helpers/testDb';

export const UNIT = 100_000_000n;

/** Staking on a test database with a clock the test moves, a funded house, and users made here. */
export const stakingHarness = (t: TestDb) => {
  const clock = { now: T0 };
  const ledger: Ledger = createLedger(t.db);
  const errors: unknown[] = [];
  const staking: Staking = createStaking({
    db: t.db,
    ledger,
    clock: async () => clock.now,
    onError: (err) => errors.push(err),
  });
  let n = 0;
  return {
    clock,
    ledger,
    staking,
    errors,
    advanceDays: (days: number, extraMs = 0) => {
      clock.now += days * DAY_MS + extraMs;
    },
    fundHouse: (asset: string, units: bigint) =>
      ledger.post([
        {
          userId: SYSTEM_ACCOUNTS.house,
          asset,
          available: units,
          frozen: 0n,
          type: 'app.data.house_funding',
          ref: 'seed',
        },
      ]),
    /** A user with `funds` (whole units) of each asset; verified unless told otherwise. */
    user: async (funds: Record<string, bigint>, certification: number | null = 2) => {
      n += 1;
      const row = await t.db.kysely
        .insertInto('users')
        .values({
          username: `staker${n}`,
          username_key: `staker${n}`,
          nickname: `staker${n}`,
          nickname_key: `staker${n}`,
          nickname_skeleton: `staker${n}`,
          nickname_folded_skeleton: `staker${n}`,
          email: `staker${n}@example.com`,
          phone: null,
          invite_code: `INV${String(n).padStart(5, '0')}`,
          inviter_id: null,
          certification,
          password_hash: 'x',
          created_at: T0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.post(
        Object.entries(funds).map(([asset, units]) => ({
          userId: row.id,
          asset,
          available: units,
          frozen: 0n,
          type: 'app.data.deposit' as const,
          ref: 'test',
        })),
      );
      return { id: row.id, certification };
    },
    product: async (over: Partial<NewProduct> = {}) =>
      insertProduct(
        t.db.kysely,
        {
          name: 'Test 3',
          asset: 'USDT',
          cycleDays: 3,
          dailyRate: 500_000n, // 0.5 % a day
          minAmount: 10n * UNIT,
          maxAmount: 10_000n * UNIT,
          totalQuota: 100_000n * UNIT,
          purchaseLimit: 5,
          enabled: true,
          sort: 0,
          ...over,
        },
        T0,
      ),
    balance: async (userId: number, asset = 'USDT') => {
      const b = (await ledger.balances(userId)).find((x) => x.asset === asset);
      return b
        ? { available: b.available, frozen: b.frozen }
        : { available: '0.00000000', frozen: '0.00000000' };
    },
  };
};
