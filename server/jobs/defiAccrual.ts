import type { AccrualResult } from '../../protocol';
import type { Staking } from '../staking/service';
import { repeat } from './repeat';

const MINUTE_MS = 60_000;

/**
 * Runs the staking accrual at start (paying whatever fell due while the server was down) and then
 * every minute, so a day's income is released within a minute of falling due. Each run is
 * idempotent (see Staking.accrue), so overlapping runs or several servers are harmless; one run at
 * a time per process keeps the work bounded. The returned function stops it.
 */
export const scheduleAccrual = (
  staking: Pick<Staking, 'accrue'>,
  opts: { everyMs?: number; onDone?: (r: AccrualResult) => void; onError?: (err: unknown) => void } = {},
) => {
  const { everyMs = MINUTE_MS, onDone, onError } = opts;
  return repeat(
    async () => {
      const result = await staking.accrue();
      if (result.days > 0 || result.failed > 0) onDone?.(result);
    },
    { everyMs, onError },
  );
};
