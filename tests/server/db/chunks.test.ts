import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunks } from '../../../server/db/chunks';

describe('chunks', () => {
  it('keeps every item in order, in slices of whole steps of 32 up to 288 and one last slice under 32', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 1500 }), (items) => {
        const slices = chunks(items);
        expect(slices.flat()).toEqual(items);
        for (const [i, s] of slices.entries()) {
          expect(s.length).toBeGreaterThan(0);
          expect(s.length).toBeLessThanOrEqual(288);
          if (s.length % 32 !== 0) expect(i).toBe(slices.length - 1);
        }
        // Whole steps go first, each as large as what is left allows.
        for (const s of slices.slice(0, -2)) expect(s.length).toBe(288);
      }),
    );
  });

  it('makes 40 sizes of slice whatever the numbers of items', () => {
    const sizes = new Set<number>();
    for (let n = 0; n <= 2000; n++) for (const s of chunks(Array<number>(n).fill(0))) sizes.add(s.length);
    expect(sizes.size).toBe(40);
  });

  it('makes one slice for up to 31 items and for whole steps', () => {
    expect(chunks([]).map((s) => s.length)).toEqual([]);
    expect(chunks(Array<number>(31).fill(0)).map((s) => s.length)).toEqual([31]);
    expect(chunks(Array<number>(64).fill(0)).map((s) => s.length)).toEqual([64]);
    expect(chunks(Array<number>(70).fill(0)).map((s) => s.length)).toEqual([64, 6]);
    expect(chunks(Array<number>(600).fill(0)).map((s) => s.length)).toEqual([288, 288, 24]);
  });
});
