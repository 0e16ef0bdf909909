import { z } from 'zod';

/** Money travels as a plain decimal string: no exponent, no sign unless negative, no leading zeros. */
const DECIMAL_RE = /^-?(0|[1-9]\d*)(\.\d+)?$/;
export const UNSIGNED_DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

export const decimalString = z.string().regex(DECIMAL_RE);
export const amountString = z.string().regex(UNSIGNED_DECIMAL_RE);

/** Number of digits after the point of a decimal string. */
export const scaleOf = (value: string): number => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};
