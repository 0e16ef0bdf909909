import type { ContractDirection, ContractResult } from '../../../protocol';
import type { CycleSettings, PairSettings, RefTick } from './types';
import { AppError } from '../appError';
import { toWireCycle } from './figures';

const BP = 10_000n;

/** Compares two plain decimal strings exactly (prices as recorded, any number of decimals). */
export const compareDecimals = (a: string, b: string): number => {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const digits = Math.max(af.length, bf.length);
  const x = BigInt(aw + af.padEnd(digits, '0'));
  const y = BigInt(bw + bf.padEnd(digits, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
};

/** What the reader asked for: the cycle, the payout rate they were shown (basis points) and the
 * amount (ledger units). */
interface CycleRequest {
  minutes: number;
  rateBp: number;
  amount: bigint;
}

/** The cycle a request names, after the pair's switch, the rate and the amount limits are checked.
 * A rate other than the one shown is refused (the operator changed it after the reader saw it),
 * and so is an amount outside limits; each refusal carries the figures in force now. */
export const pickCycle = (settings: PairSettings, req: CycleRequest): CycleSettings => {
  if (!settings.enabled) throw new AppError('features_not_enabled');
  const cycle = settings.cycles.find((c) => c.minutes === req.minutes);
  if (!cycle) throw new AppError('cycle_not_exist');
  const { rate, min, max } = toWireCycle(cycle);
  if (req.rateBp !== cycle.rateBp) throw new AppError('rate_changed', { rate });
  if (req.amount > cycle.max) throw new AppError('investment_exceeds_limit', { min, max });
  if (req.amount < cycle.min) throw new AppError('outside_limit', { min, max });
  return cycle;
};

/** A reference tick is usable when it is no older than `maxAgeMs` at time `at`. */
export const isFresh = (tick: RefTick | undefined, at: number, maxAgeMs: number): tick is RefTick =>
  tick !== undefined && tick.ts <= at && at - tick.ts <= maxAgeMs;

/**
 * The outcome, from the two recorded prices only: up wins when the close is above the open, down
 * when below; an unchanged price is a tie (refund); no valid closing price voids it (refund).
 */
export const decide = (direction: ContractDirection, open: string, close: string | null): ContractResult => {
  if (close === null) return 'void';
  const move = compareDecimals(close, open);
  if (move === 0) return 'tie';
  return move > 0 === (direction === 'up') ? 'win' : 'loss';
};

/** What a win earns on top of the amount: amount × rate, rounded down to the ledger's unit. */
export const expectedProfit = (amount: bigint, rateBp: number): bigint => (amount * BigInt(rateBp)) / BP;

/** What the house credits at settlement: amount plus profit on a win, the amount back on a tie or
 * a void, nothing on a loss (the amount went to the house when the contract opened). */
export const payoutOf = (amount: bigint, rateBp: number, result: ContractResult): bigint => {
  if (result === 'win') return amount + expectedProfit(amount, rateBp);
  if (result === 'loss') return 0n;
  return amount;
};
