import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseOf, feeOf, pairUnits, quoteOf } from '../../../../server/domain/spot/units';

const exactQuote = (ticks: number, lots: number, perTickLot: bigint) =>
  BigInt(ticks) * BigInt(lots) * perTickLot;

describe('pair units', () => {
  const btc = pairUnits({ pricePrecision: 2, qtyPrecision: 5 })!;

  it('turn lots and ticks × lots into ledger units of 10^-8', () => {
    expect(btc).toEqual({ perLot: 1000n, perTickLot: 10n });
    expect(baseOf(1, btc)).toBe(1000n); // 0.00001 BTC
    expect(quoteOf(9_700_000, 100, btc)).toBe(9_700_000_000n); // 97 000.00 × 0.001 = 97 USDT
  });

  it('refuse precisions whose trades would not settle exactly in 8 places', () => {
    expect(pairUnits({ pricePrecision: 4, qtyPrecision: 5 })).toBeNull();
    expect(pairUnits({ pricePrecision: 0, qtyPrecision: 9 })).toBeNull();
  });

  it('price a quote exactly on both sides of 2^53 ticks × lots', () => {
    const edge = Number.MAX_SAFE_INTEGER;
    // 94 906 265² is just below 2^53 and 94 906 266² just above; (2^26 + 1)(2^27 + 1) is odd and
    // above it, so a double cannot hold it.
    for (const [ticks, lots] of [
      [94_906_265, 94_906_265],
      [94_906_265, 94_906_266],
      [94_906_266, 94_906_266],
      [edge, 1],
      [edge, 2],
      [2 ** 26 + 1, 2 ** 27 + 1],
    ] as const)
      expect(quoteOf(ticks, lots, btc)).toBe(exactQuote(ticks, lots, btc.perTickLot));
  });

  it('price any quote as bigint arithmetic would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(1n, 10n, 1000n),
        (ticks, lots, perTickLot) => {
          const u = { perLot: 1n, perTickLot };
          expect(quoteOf(ticks, lots, u)).toBe(exactQuote(ticks, lots, perTickLot));
          // Small sizes, where the product stays safe, are the common case.
          const small = lots % 1_000_000;
          expect(quoteOf(ticks % 100_000_000, small, u)).toBe(
            exactQuote(ticks % 100_000_000, small, perTickLot),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('round fees up, so splitting an order never avoids one', () => {
    expect(feeOf(1000n, 1000n)).toBe(1n);
    expect(feeOf(1_000_000n, 1000n)).toBe(1000n);
    expect(feeOf(1_000_001n, 1000n)).toBe(1001n);
    expect(feeOf(0n, 1000n)).toBe(0n);
  });
});
