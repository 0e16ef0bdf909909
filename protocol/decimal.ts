import { z } from 'zod';

/** Money travels as a plain decimal string: no exponent, no sign unless negative, no leading zeros. */
const DECIMAL_RE = /^-?(0|[1-9]\d*)(\.\d+)?$/;
export const UNSIGNED_DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

export const decimalString = z.string().regex(DECIMAL_RE);
export const amountString = z.string().regex(UNSIGNED_DECIMAL_RE);

/** The largest amount, in ledger units, an operator's setting may hold (a staking product's terms,
 * a pair's spot minimum): what a 64-bit integer column holds, which PostgreSQL refuses to pass and
 * SQLite would clamp or turn into a float; anything larger is a slip, not a setting. */
export const SETTING_UNITS_MAX = 2n ** 63n - 1n;

/** Number of digits after the point of a decimal string. */
export const scaleOf = (value: string): number => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};
