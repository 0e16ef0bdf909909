import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainUnits } from '../../../../server/domain/money/plain';
import { toScaled } from '../../../../server/domain/money/scaled';

describe('amounts as a person reads them', () => {
  it('drops trailing zeros, and the point with nothing after it', () => {
    expect(plainUnits(2_000_000_000_000n)).toBe('20000');
    expect(plainUnits(1_250_000n)).toBe('0.0125');
    expect(plainUnits(1_050_000_000n)).toBe('10.5');
    expect(plainUnits(1n)).toBe('0.00000001');
    expect(plainUnits(0n)).toBe('0');
    expect(plainUnits(-150_000_000n)).toBe('-1.5');
  });

  it('reads back as the same amount, with no zero to spare', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (units) => {
        const s = plainUnits(units);
        expect(toScaled(s, 8)).toBe(units);
        expect(s).not.toMatch(/\.\d*0$|\.$/);
      }),
    );
  });
});
