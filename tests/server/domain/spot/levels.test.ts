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

  it('drops the levels a sweep refuses and keeps the rest in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -5000, max: 5000 }), { maxLength: 2000 }), (keys) => {
        const ladder = new PriceLadder<{ key: number }>();
        for (const key of keys) ladder.insert(level(key));
        const dropped: number[] = [];
        ladder.retain(
          (l) => l.key % 3 !== 0,
          (l) => dropped.push(l.key),
        );
        const kept = keys.filter((k) => k % 3 !== 0).sort((a, b) => b - a);
        expect(ladder.fromBest().map((l) => l.key)).toEqual(kept);
        expect(ladder.size).toBe(kept.length);
        expect(dropped.sort((a, b) => a - b)).toEqual(keys.filter((k) => k % 3 === 0).sort((a, b) => a - b));
        // Still a working ladder: inserts land in order among what was kept.
        ladder.insert(level(6001));
        ladder.insert(level(-6001));
        expect(ladder.best()!.key).toBe(6001);
        expect(ladder.fromBest().map((l) => l.key)).toEqual([6001, ...kept, -6001]);
        expect(ladder.fromBest(3, (l) => l.key % 2 === 0).map((l) => l.key)).toEqual(
          [6001, ...kept, -6001].filter((k) => k % 2 === 0).slice(0, 3),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('refuses to remove a level it does not hold', () => {
    const ladder = new PriceLadder<{ key: number }>();
    ladder.insert(level(1));
    ladder.insert(level(3));
    expect(() => ladder.remove(level(2))).toThrow(/not in the ladder/);
  });
});
