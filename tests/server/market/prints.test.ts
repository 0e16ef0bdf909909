import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADES_LIMIT_MAX, type Trade } from '../../../protocol';
import { Prints } from '../../../server/market/prints';

const print = (id: number): Trade => ({ id, price: '97000.00', qty: '0.01000', side: 'buy', ts: id });

/** `count` prints newer than `after`, newest first as on the wire. */
const batch = (after: number, count: number) =>
  Array.from({ length: count }, (_, i) => print(after + count - i));

describe('a pair’s latest prints', () => {
  it('answers the newest first, at most the limit, whatever came in what batches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(60), { maxLength: 40 }),
        fc.array(fc.nat(TRADES_LIMIT_MAX + 50), { minLength: 1, maxLength: 5 }),
        (sizes, limits) => {
          const first = batch(0, sizes[0] ?? 0);
          const prints = new Prints(first);
          // Every print so far, newest first: what the list must be a head of.
          let all = [...first];
          let last = first.length;
          for (const size of sizes.slice(1)) {
            const next = batch(last, size);
            prints.add(next);
            all = [...next, ...all];
            last += size;
          }
          for (const limit of limits)
            expect(prints.newest(limit)).toEqual(all.slice(0, Math.min(limit, TRADES_LIMIT_MAX)));
        },
      ),
    );
  });

  it('holds no more than twice the limit, however many come', () => {
    const prints = new Prints();
    for (let i = 0; i < 1000; i++) prints.add(batch(i * 3, 3));
    expect(prints.newest(TRADES_LIMIT_MAX).map((p) => p.id)).toEqual(
      Array.from({ length: TRADES_LIMIT_MAX }, (_, i) => 3000 - i),
    );
    expect((prints as unknown as { oldestFirst: Trade[] }).oldestFirst.length).toBeLessThanOrEqual(
      2 * TRADES_LIMIT_MAX,
    );
  });
});
