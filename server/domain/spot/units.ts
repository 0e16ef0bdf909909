import { ASSET_SCALE } from '../../../protocol';
import type { PairSpec } from './types';

/**
 * Between the book's integers and the ledger's: a lot is 10^-qtyPrecision of the base coin, a tick
 * 10^-pricePrecision of the quote; ticks × lots is a quote amount at pricePrecision + qtyPrecision
 * digits, which must fit the ledger's 8 so every trade settles exactly.
 */
export interface PairUnits {
  /** Ledger units in one lot of the base coin. */
  perLot: bigint;
  /** Ledger units of the quote coin in one tick × lot. */
  perTickLot: bigint;
}

export const pairUnits = (p: Pick<PairSpec, 'pricePrecision' | 'qtyPrecision'>): PairUnits | null => {
  const quoteDigits = p.pricePrecision + p.qtyPrecision;
  if (p.qtyPrecision > ASSET_SCALE || quoteDigits > ASSET_SCALE) return null;
  return {
    perLot: 10n ** BigInt(ASSET_SCALE - p.qtyPrecision),
    perTickLot: 10n ** BigInt(ASSET_SCALE - quoteDigits),
  };
};

export const baseOf = (lots: number, u: PairUnits) => BigInt(lots) * u.perLot;
/** Ticks × lots is multiplied as numbers while the product stays a safe integer: the product of
 * two integers is exact up to 2^53 and anything larger comes out above it, so the check is exact
 * too. Above that, in bigints. One multiplication fewer in bigints is two fewer allocations on
 * every order and fill. */
export const quoteOf = (ticks: number, lots: number, u: PairUnits) => {
  const tickLots = ticks * lots;
  return (
    (tickLots <= Number.MAX_SAFE_INTEGER ? BigInt(tickLots) : BigInt(ticks) * BigInt(lots)) * u.perTickLot
  );
};

/** A fee on `amount` at `ppm`, rounded up so splitting an order never avoids it. */
export const feeOf = (amount: bigint, ppm: bigint) => (amount * ppm + 999_999n) / 1_000_000n;
