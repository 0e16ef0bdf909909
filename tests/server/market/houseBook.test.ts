import { describe, expect, it } from 'vitest';
import type { DepthLevel } from '../../../protocol';
import type { DepthDiff } from '../../../server/market/book';
import { HOUSE_LEVELS, HouseBook } from '../../../server/market/houseBook';
import { BTC, tick } from './helpers';

const T0 = 1_700_000_000_000;

const applySide = (side: Map<string, string>, levels: DepthLevel[]) => {
  for (const [p, q] of levels) {
    if (q === '0') side.delete(p);
    else side.set(p, q);
  }
};

describe('house quotes', () => {
  it('quote both sides around the reference price, best first', () => {
    const book = new HouseBook([BTC], 1);
    book.onTick(tick(T0, '97000.00'));
    const snap = book.depth(BTC.symbol, 100);
    expect(snap.seq).toBe(1);
    expect(snap.bids).toHaveLength(HOUSE_LEVELS);
    expect(snap.asks).toHaveLength(HOUSE_LEVELS);
    expect(Number(snap.bids[0]![0])).toBeLessThan(97000);
    expect(Number(snap.asks[0]![0])).toBeGreaterThanOrEqual(97000);
    expect(Number(snap.bids[0]![0])).toBeGreaterThan(Number(snap.bids[1]![0]));
    expect(Number(snap.asks[0]![0])).toBeLessThan(Number(snap.asks[1]![0]));
    expect(book.depth(BTC.symbol, 5).bids).toHaveLength(5);
  });

  it('publish diffs whose seq follows prev, and which rebuild the book exactly', () => {
    const book = new HouseBook([BTC], 1);
    const diffs: DepthDiff[] = [];
    book.listen({ depth: (_p, d) => diffs.push(d), trades: () => undefined });
    book.onTick(tick(T0, '97000.00'));
    const start = book.depth(BTC.symbol, 1000);
    const bids = new Map(start.bids);
    const asks = new Map(start.asks);
    let price = 97000;
    for (let i = 1; i <= 200; i++) {
      price += (i % 7) - 3;
      book.onTick(tick(T0 + i * 300, price.toFixed(2)));
    }
    let seq = start.seq;
    for (const d of diffs.filter((x) => x.seq > start.seq)) {
      expect(d.prev).toBe(seq);
      seq = d.seq;
      applySide(bids, d.bids);
      applySide(asks, d.asks);
    }
    const end = book.depth(BTC.symbol, 1000);
    expect(seq).toBe(end.seq);
    expect(new Map(end.bids)).toEqual(bids);
    expect(new Map(end.asks)).toEqual(asks);
  });

  it('show each reference tick as a print, newest first, with ids that grow', () => {
    const book = new HouseBook([BTC], 1);
    book.onTick(tick(T0, '100.00'));
    book.onTick(tick(T0 + 1, '99.00'));
    book.onTick(tick(T0 + 1, '99.50'));
    const trades = book.trades(BTC.symbol, 10);
    expect(trades.map((t) => [t.price, t.side])).toEqual([
      ['99.50', 'buy'],
      ['99.00', 'sell'],
      ['100.00', 'buy'],
    ]);
    expect(trades[0]!.id).toBeGreaterThan(trades[1]!.id);
    expect(trades[1]!.id).toBeGreaterThan(trades[2]!.id);
  });
});
