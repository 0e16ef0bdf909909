import { DAY_MS, formatUnitsString } from '../../../protocol';
import { AppError } from '../appError';

/** Staking rules without storage: limits, eligibility and which days of a pledge are due. */

interface ProductTerms {
  minAmount: bigint;
  maxAmount: bigint;
}

/** Amount within the product's per-pledge minimum and maximum, else `outside_limit` with the limits
 * written as every amount on the wire is (the product's own `minAmount`, `maxAmount`). */
export const assertWithinLimits = (terms: ProductTerms, amount: bigint) => {
  if (amount < terms.minAmount || amount > terms.maxAmount)
    throw new AppError('outside_limit', {
      min: formatUnitsString(terms.minAmount),
      max: formatUnitsString(terms.maxAmount),
    });
};

interface PledgeProgress {
  pledgedAt: number;
  cycleDays: number;
  daysPaid: number;
}

/** Days of the cycle whose income is due at `now` and not paid yet: day k falls due k × 24 h after
 * the pledge, and the last day also brings the principal back. Catching up after downtime is the
 * same call: every day missed is in the list. */
export const dueDays = (p: PledgeProgress, now: number): number[] => {
  const elapsed = Math.floor((now - p.pledgedAt) / DAY_MS);
  const upTo = Math.min(p.cycleDays, elapsed);
  const days: number[] = [];
  for (let k = p.daysPaid + 1; k <= upTo; k++) days.push(k);
  return days;
};

/** Start of the UTC day holding `now`: "today's" income is what was released since then. */
export const utcDayStart = (now: number) => now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
