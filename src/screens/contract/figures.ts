import { Decimal } from '../../components/decimal';
import type { ContractCycle } from '../../../protocol/contracts';
import { amountProblem } from '../../../protocol/wallet';

/** What a win would earn on top of the amount (amount × rate %), as the server rounds it: down to
 * 8 decimals. Undefined while the amount is not a valid one. */
export const expectedOf = (amount: string, rate: string): string | undefined => {
  if (amountProblem(amount)) return undefined;
  return new Decimal(amount).mul(rate).div(100).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
};

/** The limit failures, whose message is followed by the limits. */
export const LIMIT_ERRORS: readonly string[] = ['app.msg.outside_limit', 'app.msg.investment_exceeds_limit'];

/** The server's refusals of the amount, said under it as the form's own checks are. */
export const AMOUNT_REFUSALS: readonly string[] = [
  'app.msg.amount_invalid',
  'app.msg.insufficient_balance',
  ...LIMIT_ERRORS,
];

/** The `app.msg.*` key an amount breaks for a cycle, or undefined when it is fine (the server
 * checks the same): a missing amount is asked for and a malformed one invalid, as every amount field
 * says; a well-formed one may be outside the cycle's limits. */
export const amountError = (amount: string, cycle: ContractCycle | undefined): string | undefined => {
  const malformed = amountProblem(amount);
  if (malformed) return malformed;
  if (!cycle) return 'app.msg.cycle_not_exist';
  const value = new Decimal(amount);
  if (value.gt(cycle.max)) return 'app.msg.investment_exceeds_limit';
  if (value.lt(cycle.min)) return 'app.msg.outside_limit';
  return undefined;
};

/** Quick picks within a cycle's limits: its minimum, round amounts, its maximum. */
export const quickPicks = (cycle: ContractCycle): string[] => {
  const within = ['100', '500', '1000', '5000'].filter(
    (v) => new Decimal(v).gt(cycle.min) && new Decimal(v).lt(cycle.max),
  );
  return [cycle.min, ...within.slice(0, 3)];
};

/** Seconds left as `m:ss` (or `h:mm:ss` for long cycles). */
export const formatCountdown = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

export { formatDateTime } from '../../components/format';

/** A rate without its padding zeros: `80.00` → `80`, `82.50` → `82.5`. */
export const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
