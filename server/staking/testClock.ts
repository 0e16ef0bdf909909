import type { Kysely } from 'kysely';
import { readClockOffset, writeClockOffset } from '../db/repos/defi';
import type { Database } from '../db/schema';
import type { StakingClock } from './service';

/**
 * The staking clock. In production it is the real clock, full stop.
 *
 * TEST MODE (`DEFI_TEST_CLOCK=true`, off by default; for browser tests and demos only): the clock is
 * real time plus an offset kept in the `defi_clock` table, which only `npm run admin -- defi
 * accrue --days N` moves, and only when its own environment has the same switch. Moving it runs
 * accrual as if N more days had passed: income is released earlier than real time would, which is
 * why it never exists outside this switch. It touches only staking: prices, contracts and sessions
 * keep the real clock.
 */
export const TEST_CLOCK_ENV = 'DEFI_TEST_CLOCK';

export const testClockEnabled = (env: NodeJS.ProcessEnv = process.env) =>
  env[TEST_CLOCK_ENV] === 'true' || env[TEST_CLOCK_ENV] === '1';

export const stakingClock = (db: Kysely<Database>, testMode: boolean, now = Date.now): StakingClock =>
  testMode ? async () => now() + (await readClockOffset(db)) : async () => now();

/** Test mode only: moves the staking clock `days` further; answers the new offset. */
export const advanceTestClock = async (db: Kysely<Database>, days: number) => {
  const offset = (await readClockOffset(db)) + days * 86_400_000;
  await writeClockOffset(db, offset);
  return offset;
};
