import { describe, expect, it } from 'vitest';
import { changePercent, divRound, formatScaled, toScaled } from '../../../../server/domain/money/scaled';

describe('scaled decimals', () => {
  it('parses at a precision, rounding extra digits half up', () => {
    expect(toScaled('97000.1', 2)).toBe(9_700_010n);
    expect(toScaled('0.000015', 5)).toBe(2n);
    expect(toScaled('0.000014', 5)).toBe(1n);
    expect(toScaled('12', 0)).toBe(12n);
    expect(() => toScaled('1e5', 2)).toThrow();
    expect(() => toScaled('-1', 2)).toThrow();
  });

  it('formats with exactly the scale digits', () => {
    expect(formatScaled(9_700_010n, 2)).toBe('97000.10');
    expect(formatScaled(5n, 5)).toBe('0.00005');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled(7n, 0)).toBe('7');
  });

  it('rounds division half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
  });

  it('gives the change in percent with two decimals', () => {
    expect(changePercent(10_000n, 10_125n)).toBe('1.25');
    expect(changePercent(10_000n, 9_875n)).toBe('-1.25');
    expect(changePercent(3n, 4n)).toBe('33.33');
    expect(changePercent(0n, 4n)).toBe('0.00');
  });
});
