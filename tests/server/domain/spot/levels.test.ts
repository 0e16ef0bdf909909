import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceLadder } from '../../../../server/domain/spot/levels';

const level = (key: number) => ({ key });

describe('price ladder', () => {
  it('keeps levels in order from the best outward through any inserts and removals', () => {
    fc.assert(
      fc.property(
        // Enough distinct prices that blocks split and empty many times over.
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -600, max: 600 })), { maxLength: 3000 }),
        (steps) => {
          const ladder = new PriceLadder<{ key: number }>();
          const live = new Map<number, { key: number }>();
          for (const [add, key] of steps) {
            const held = live.get(key);
            if (add && !held) {
              const l = level(key);
              ladder.insert(l);
              live.set(key, l);
            } else if (!add && held) {
              ladder.remove(held);
              live.delete(key);
            }
          }
          const expected = [...live.keys()].sort((a, b) => b - a);
          expect(ladder.fromBest().map((l) => l.key)).toEqual(expected);
          expect(ladder.size).toBe(expected.length);
          expect(ladder.best()?.key).toBe(expected[0]);
          expect(ladder.fromBest(5).map((l) => l.key)).toEqual(expected.slice(0, 5));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses to remove a level it does not hold', () => {
    const ladder = new PriceLadder<{ key: number }>();
    ladder.insert(level(1));
    ladder.insert(level(3));
    expect(() => ladder.remove(level(2))).toThrow(/not in the ladder/);
  });
});
