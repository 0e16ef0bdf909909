/**
 * Exact decimal arithmetic for market data: a price or quantity is a bigint count of its smallest
 * unit (`scale` digits after the point), and becomes a decimal string only on the way out.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses an unsigned decimal string at `scale` digits; extra digits round half up (a feed may
 * quote finer than the pair's precision). Throws on anything that is not a plain decimal. */
export const toScaled = (value: string, scale: number): bigint => {
  const m = DECIMAL.exec(value);
  if (!m) throw new Error(`not a decimal: ${value}`);
  const whole = m[1]!;
  const frac = m[2] ?? '';
  const kept = BigInt(whole + frac.slice(0, scale).padEnd(scale, '0'));
  const next = frac.charCodeAt(scale);
  return next >= 53 /* '5' */ && next <= 57 ? kept + 1n : kept;
};

/** A scaled integer as a decimal string with exactly `scale` digits after the point. */
export const formatScaled = (value: bigint, scale: number): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
};

/** `a / b` rounded half away from zero. */
export const divRound = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const bAbs = b < 0n ? -b : b;
  if (twice < bAbs) return q;
  return a < 0n !== b < 0n ? q - 1n : q + 1n;
};

/** Change from `open` to `last` in percent, two decimals, signed (`-1.25`, `0.00`, `3.10`). */
export const changePercent = (open: bigint, last: bigint): string =>
  open === 0n ? '0.00' : formatScaled(divRound((last - open) * 10_000n, open), 2);

/** A float price rounded to the nearest unit of `scale` (the simulator's walk is in floats; what it
 * publishes is this exact integer). */
export const scaledFromFloat = (value: number, scale: number): bigint =>
  BigInt(Math.max(1, Math.round(value * 10 ** scale)));

export const scaledToFloat = (value: bigint, scale: number): number => Number(value) / 10 ** scale;

export const bigMax = (a: bigint, b: bigint) => (a > b ? a : b);
export const bigMin = (a: bigint, b: bigint) => (a < b ? a : b);

/** Parses a user's unsigned decimal at `scale` digits exactly: more digits than the scale, or
 * anything that is not a plain decimal, is refused (null) rather than rounded. */
export const parseExact = (value: string, scale: number): bigint | null => {
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  return BigInt(m[1]! + frac.padEnd(scale, '0'));
};
