import { ASSET_SCALE, type ContractOrder, type ContractOrderRequest } from '../../../protocol';
import { buildContracts, type ContractConfig, type Contracts } from '../../../server/contracts';
import { seedContractsIfEmpty } from '../../../server/db/seed/contracts';
import { seedFundsIfEmpty } from '../../../server/db/seed/funds';
import { DEFAULT_CYCLES } from '../../../server/domain/contracts/defaults';
import { formatRate } from '../../../server/domain/contracts/figures';
import type { ContractUser } from '../../../server/domain/contracts/service';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { parseExact } from '../../../server/domain/money/scaled';
import { T0, testClock, type TestClock } from './accounts';
import type { TestDb } from './testDb';

export const units = (amount: string) => parseExact(amount, ASSET_SCALE)!;

export const TEST_CONTRACT_CONFIG: ContractConfig = {
  minuteMs: 60_000,
  openTickMaxAgeMs: 10_000,
  maxTickAgeMs: 10_000,
  settleDelayMs: 250,
};

export interface ContractHarness extends Contracts {
  ledger: Ledger;
  clock: TestClock;
  t: TestDb;
  /** Records a reference tick, as the market's tick store does. */
  tick(pair: string, ts: number, price: string): Promise<number>;
  /** A verified user holding `usdt`. */
  user(usdt?: string): Promise<ContractUser>;
  /** Places at the seeded rate of the cycle unless the request names another. */
  place(user: ContractUser, req: Partial<ContractOrderRequest>): Promise<ContractOrder>;
  usdt(userId: number): Promise<bigint>;
  /** Every USDT unit in every account: constant, whatever contracts do. */
  totalUsdt(): Promise<bigint>;
  /** A second instance on the same database (another process, or this one after a restart). */
  restart(): Contracts;
}

/** The payout rate a fresh database offers for a cycle, as the info shows it (`80.00`). */
export const seededRate = (minutes: number) =>
  formatRate(DEFAULT_CYCLES.find((c) => c.minutes === minutes)?.rateBp ?? 0);

let userIds = 1000;
let keys = 0;

/** The contract rules on a seeded test database with funded house, test clock and no market: the
 * tick store is written by the test itself. */
export const contractHarness = async (t: TestDb, config = TEST_CONTRACT_CONFIG): Promise<ContractHarness> => {
  const clock = testClock();
  await seedContractsIfEmpty(t.db.kysely, T0);
  const ledger = createLedger(t.db);
  await seedFundsIfEmpty(t.db, ledger, T0);
  const build = () => buildContracts({ db: t.db, ledger, config, now: () => clock.now });
  const built = build();
  return {
    ...built,
    ledger,
    clock,
    t,
    async tick(pair, ts, price) {
      const row = await t.db.kysely
        .insertInto('ticks')
        .values({ pair, ts, price, qty: '1', source: 'test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async user(usdt = '1000') {
      const id = (userIds += 1);
      await ledger.post(
        [
          {
            userId: id,
            asset: 'USDT',
            available: units(usdt),
            frozen: 0n,
            type: 'app.data.demo_funding',
            ref: 'test',
          },
        ],
        clock.now,
      );
      return { id, certification: 2, tradingDisabled: false, locked: false };
    },
    place(user, req) {
      keys += 1;
      const cycle = req.cycle ?? 1;
      return built.service.place(user, {
        pair: 'btcusdt',
        direction: 'up',
        cycle,
        amount: '100',
        rate: seededRate(cycle),
        requestKey: `key-${String(keys).padStart(6, '0')}`,
        ...req,
      });
    },
    usdt: async (userId) =>
      (await ledger.balances(userId)).reduce((s, b) => (b.asset === 'USDT' ? s + units(b.available) : s), 0n),
    async totalUsdt() {
      const rows = await t.db.kysely
        .selectFrom('balances')
        .select(['available', 'frozen'])
        .where('asset', '=', 'USDT')
        .execute();
      return rows.reduce((s, r) => s + BigInt(r.available) + BigInt(r.frozen), 0n);
    },
    restart: build,
  };
};

export const HOUSE = SYSTEM_ACCOUNTS.house;
