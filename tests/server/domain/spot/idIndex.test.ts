import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../../../server/domain/spot/idIndex';

type Op = { kind: 'set'; key: number; value: number } | { kind: 'delete'; key: number };

/** Keys from a small range (so sets and deletes meet), rising ids, prices in steps and keys above
 * 32 bits, which share their low half. */
const key = fc.oneof(
  fc.integer({ min: 0, max: 64 }),
  fc.integer({ min: 1_000_000, max: 1_000_200 }),
  fc.integer({ min: 0, max: 40 }).map((k) => k * 1024),
  fc.integer({ min: 0, max: 8 }).map((k) => k * 0x1_0000_0000 + 7),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

describe('id index', () => {
  it('answers as a Map does over any sequence of sets and deletes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const index = new IdIndex<number>();
        const model = new Map<number, number>();
        for (const o of ops) {
          if (o.kind === 'set') {
            index.set(o.key, o.value);
            model.set(o.key, o.value);
          } else expect(index.delete(o.key)).toBe(model.delete(o.key));
          expect(index.size).toBe(model.size);
        }
        for (const [k, v] of model) {
          expect(index.has(k)).toBe(true);
          expect(index.get(k)).toBe(v);
        }
        expect([...index.values()].sort((a, b) => a - b)).toEqual([...model.values()].sort((a, b) => a - b));
        for (const o of ops) if (!model.has(o.key)) expect(index.get(o.key)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('keeps ever rising ids through many rests and cancels at a steady size', () => {
    const index = new IdIndex<string>();
    for (let id = 1; id <= 100_000; id++) {
      index.set(id, `order ${id}`);
      if (id > 1000) expect(index.delete(id - 1000)).toBe(true);
    }
    expect(index.size).toBe(1000);
    expect(index.get(99_001)).toBe('order 99001');
    expect(index.get(99_000)).toBeUndefined();
  });

  it('refuses a key it could not tell from an empty slot', () => {
    const index = new IdIndex<string>();
    expect(() => index.set(-1, 'x')).toThrow(RangeError);
    expect(() => index.set(Number.NaN, 'x')).toThrow(RangeError);
    expect(index.size).toBe(0);
  });
});
