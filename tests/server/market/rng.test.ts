import { describe, expect, it } from 'vitest';
import { createRng, secureRng } from '../../../server/market/rng';

describe('draws', () => {
  it('from the seeded generator repeat for the same seed', () => {
    const a = createRng(5);
    const b = createRng(5);
    expect(Array.from({ length: 50 }, a)).toEqual(Array.from({ length: 50 }, b));
  });

  it('from the operating system lie in [0, 1), spread evenly, and never repeat a stream', () => {
    const draw = secureRng();
    // More than one block of 1 024, so the refill is crossed.
    const values = Array.from({ length: 5_000 }, draw);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.03);
    expect(new Set(values).size).toBeGreaterThan(4_990);
    const other = secureRng();
    expect(Array.from({ length: 20 }, other)).not.toEqual(values.slice(0, 20));
  });
});
