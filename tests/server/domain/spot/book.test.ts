import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../../../server/domain/spot/book';

/** One step of a random run against a book, of the kinds named (a kind named twice comes twice as
 * often), at prices close enough together that orders meet. */
const bookOp = <K extends string>(...kinds: K[]) =>
  fc.record({
    kind: fc.constantFrom(...kinds),
    buy: fc.boolean(),
    price: fc.integer({ min: 95, max: 105 }),
    qty: fc.integer({ min: 1, max: 9 }),
    pick: fc.nat(),
  });

describe('order book records', () => {
  it('reuses the record of an order that left for the next one, which rests as itself', () => {
    const book = new OrderBook<string>();
    book.rest(1, 10, 'buy', 100, 5, 'first');
    const gone = book.cancel(1)!;
    // What a cancel hands back is readable until the next rest.
    expect([gone.id, gone.remaining, gone.payload]).toEqual([1, 5, 'first']);
    book.rest(2, 11, 'sell', 105, 3, 'second');
    expect(book.get(2)).toMatchObject({ id: 2, userId: 11, side: 'sell', price: 105, remaining: 3 });
    expect(book.get(2)!.payload).toBe('second');
    expect(book.has(1)).toBe(false);
    expect(book.snapshot()).toEqual({ buy: [], sell: [{ id: 2, price: 105, remaining: 3 }] });
    expect(book.depth('buy', 5)).toEqual([]);
    expect(book.depth('sell', 5)).toEqual([[105, 3]]);
  });

  it('keeps level totals and time priority right whatever records it reuses', () => {
    const op = bookOp('rest', 'rest', 'cancel', 'take');
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const book = new OrderBook<number>();
        // The reference: every resting order in arrival order.
        let model: Array<{ id: number; buy: boolean; price: number; remaining: number }> = [];
        let id = 0;
        for (const o of ops) {
          if (o.kind === 'rest') {
            // Rest only where nothing crosses, as the engine does after matching.
            const opposite = book.best(o.buy ? 'sell' : 'buy');
            if (opposite !== undefined && (o.buy ? o.price >= opposite : o.price <= opposite)) continue;
            id += 1;
            book.rest(id, id, o.buy ? 'buy' : 'sell', o.price, o.qty, id);
            model.push({ id, buy: o.buy, price: o.price, remaining: o.qty });
          } else if (o.kind === 'cancel' && model.length > 0) {
            const victim = model[o.pick % model.length]!;
            expect(book.cancel(victim.id)!.payload).toBe(victim.id);
            model = model.filter((m) => m !== victim);
          } else if (o.kind === 'take') {
            const m = book.match(-1, o.buy ? 'buy' : 'sell', o.buy ? 1000 : 0, o.qty);
            for (const f of m.fills) {
              const resting = model.find((r) => r.id === f.maker.id)!;
              resting.remaining -= f.qty;
              expect(f.makerRemaining).toBe(resting.remaining);
            }
            model = model.filter((r) => r.remaining > 0);
          }
        }
        const expected = (buy: boolean) =>
          model
            .filter((m) => m.buy === buy)
            .sort((a, b) => (buy ? b.price - a.price : a.price - b.price) || a.id - b.id)
            .map(({ id: i, price, remaining }) => ({ id: i, price, remaining }));
        expect(book.snapshot()).toEqual({ buy: expected(true), sell: expected(false) });
        expect(book.size).toBe(model.length);
        // Levels emptied behind the best stay in the book's ladder: they must not show.
        for (const side of ['buy', 'sell'] as const) {
          const levels = new Map<number, number>();
          for (const m of expected(side === 'buy'))
            levels.set(m.price, (levels.get(m.price) ?? 0) + m.remaining);
          expect(book.depth(side, 100)).toEqual([...levels]);
          expect(book.best(side)).toBe([...levels.keys()][0]);
          for (let price = 95; price <= 105; price++)
            expect(book.levelTotal(side, price)).toBe(levels.get(price) ?? 0);
        }
      }),
    );
  });

  it('lists each price whose level changed once a round, whatever levels left and came back', () => {
    const op = bookOp('rest', 'rest', 'cancel', 'take', 'changes');
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const book = new OrderBook<number>();
        const live: Array<{ id: number; side: 'buy' | 'sell'; price: number }> = [];
        // The reference: every price touched on each side since the last round.
        let touched = { buy: new Set<number>(), sell: new Set<number>() };
        const check = () => {
          const got = book.takeChanges();
          for (const side of ['buy', 'sell'] as const) {
            expect(new Set(got[side]).size).toBe(got[side].length);
            expect([...got[side]].sort()).toEqual([...touched[side]].sort());
          }
          touched = { buy: new Set(), sell: new Set() };
        };
        let id = 0;
        for (const o of ops) {
          const side = o.buy ? 'buy' : 'sell';
          if (o.kind === 'rest') {
            const opposite = book.best(o.buy ? 'sell' : 'buy');
            if (opposite !== undefined && (o.buy ? o.price >= opposite : o.price <= opposite)) continue;
            id += 1;
            book.rest(id, id, side, o.price, o.qty, id);
            live.push({ id, side, price: o.price });
            touched[side].add(o.price);
          } else if (o.kind === 'cancel' && live.length > 0) {
            const [victim] = live.splice(o.pick % live.length, 1);
            book.cancel(victim!.id);
            touched[victim!.side].add(victim!.price);
          } else if (o.kind === 'take') {
            const m = book.match(-1, side, o.buy ? 1000 : 0, o.qty);
            for (const f of m.fills) {
              touched[f.maker.side].add(f.price);
              if (f.makerRemaining === 0)
                live.splice(
                  live.findIndex((l) => l.id === f.maker.id),
                  1,
                );
            }
          } else if (o.kind === 'changes') check();
        }
        check();
      }),
    );
  });

  it('lists a price once in a long round of its level leaving and coming back', () => {
    const book = new OrderBook();
    // The best level empties and leaves the ladder each time; its record comes back for the next.
    for (let id = 1; id <= 200_000; id++) {
      book.rest(id, 1, 'buy', 100, 1, undefined);
      book.cancel(id);
    }
    expect(book.takeChanges()).toEqual({ buy: [100], sell: [] });
    expect(book.takeChanges()).toEqual({ buy: [], sell: [] });
  });

  it('sweeps out the levels emptied behind the best, and rests at their prices again', () => {
    const book = new OrderBook();
    book.rest(1, 1, 'buy', 50_000, 1, undefined);
    book.rest(2, 1, 'sell', 50_001, 1, undefined);
    // Far more prices emptied behind each best than the book keeps empty.
    let id = 2;
    for (let off = 1; off <= 10_000; off++) {
      book.rest(++id, 2, 'buy', 50_000 - off, 2, undefined);
      book.cancel(id);
      book.rest(++id, 2, 'sell', 50_001 + off, 2, undefined);
      book.cancel(id);
    }
    expect(book.depth('buy', 5)).toEqual([[50_000, 1]]);
    expect(book.depth('sell', 5)).toEqual([[50_001, 1]]);
    for (const off of [1, 3, 9_999]) {
      book.rest(++id, 3, 'buy', 50_000 - off, off, undefined);
      book.rest(++id, 3, 'sell', 50_001 + off, off, undefined);
    }
    expect(book.depth('buy', 5)).toEqual([
      [50_000, 1],
      [49_999, 1],
      [49_997, 3],
      [40_001, 9_999],
    ]);
    expect(book.depth('sell', 5)).toEqual([
      [50_001, 1],
      [50_002, 1],
      [50_004, 3],
      [60_000, 9_999],
    ]);
    // A taker through every level: the best empties, and the next one that holds orders is best.
    const m = book.match(4, 'buy', 70_000, 20_000);
    expect(m.fills.map((f) => f.price)).toEqual([50_001, 50_002, 50_004, 60_000]);
    expect(book.best('sell')).toBeUndefined();
    expect(book.snapshot().sell).toEqual([]);
  });
});
