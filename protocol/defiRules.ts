/**
 * Staking arithmetic shared by the pledge form and the server, in exact integers (no zod, no
 * floating point), so the projection a user sees before confirming is the server's to the digit.
 *
 * - Amounts are counts of 10^-8 units of the asset (the ledger's scale).
 * - A daily yield is a fraction of the principal with RATE_SCALE digits: 0.5 % a day is 500_000
 *   (0.00500000). Its percent form is the same integer read with two fewer digits.
 * - Daily income = principal × daily yield, rounded DOWN to 10^-8: the exchange never pays a
 *   fraction of a unit it does not owe, and every day of a pledge pays the same amount, so the
 *   projected total is exactly the daily income times the cycle.
 * - The annual rate is the daily yield × 365, simple (income is paid out, not compounded).
 */
export const UNIT_SCALE = 8;
export const RATE_SCALE = 8;
const DAYS_PER_YEAR = 365n;
export const DAY_MS = 86_400_000;

const RATE_UNIT = 10n ** BigInt(RATE_SCALE);

/** Pledge statuses, as translation keys (spec §4: earning, settled). */
export const PLEDGE_STATUSES = ['app.data.pledge_earning', 'app.data.pledge_settled'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

export const dailyIncomeUnits = (principal: bigint, dailyRate: bigint): bigint =>
  (principal * dailyRate) / RATE_UNIT;

export const annualRateUnits = (dailyRate: bigint): bigint => dailyRate * DAYS_PER_YEAR;

const DECIMAL = /^(\d{1,20})(?:\.(\d+))?$/;

/** A typed decimal at `scale` digits exactly; more digits, or anything else, is null (never rounded). */
export const parseScaledExact = (value: string, scale: number): bigint | null => {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  return BigInt(m[1]! + frac.padEnd(scale, '0'));
};

export const parseUnits = (value: string): bigint | null => parseScaledExact(value, UNIT_SCALE);

/** A scaled integer as a decimal string with exactly `scale` digits after the point. */
const formatScaledUnits = (value: bigint, scale: number): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
};

export const formatUnitsString = (value: bigint): string => formatScaledUnits(value, UNIT_SCALE);

/** A rate (fraction at RATE_SCALE) as a percent string: 500_000n → "0.500000". */
export const ratePercent = (rate: bigint): string => formatScaledUnits(rate, RATE_SCALE - 2);
