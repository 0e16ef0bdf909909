import { describe, expect, it } from 'vitest';
import { INTERVALS, INTERVAL_MS, candleOpenTime } from '../../../protocol';
import { applyTick, openCandle, toKline, type Candle } from '../../../server/market/candle';
import { CandleBook } from '../../../server/market/candleBook';
import { HISTORY_COUNTS, generateHistory } from '../../../server/market/history';
import { BTC, tick } from './helpers';

const T0 = Date.UTC(2025, 0, 1, 10, 0, 0);

describe('candle aggregation', () => {
  it('folds ticks into open, high, low, close and volume', () => {
    let c: Candle | undefined;
    for (const [dt, price] of [
      [0, '100.00'],
      [10_000, '105.50'],
      [20_000, '99.25'],
      [59_999, '101.00'],
    ] as const) {
      c = applyTick(c, '1m', tick(T0 + dt, price, '0.50000')).current;
    }
    expect(toKline(c!, BTC)).toEqual({
      t: T0,
      o: '100.00',
      h: '105.50',
      l: '99.25',
      c: '101.00',
      v: '2.00000',
    });
  });

  it('opens a new candle on the next interval and hands back the closed one', () => {
    const first = applyTick(undefined, '1m', tick(T0 + 5, '100.00')).current;
    const step = applyTick(first, '1m', tick(T0 + 60_000, '101.00'));
    expect(step.closed).toBe(first);
    expect(step.current.t).toBe(T0 + 60_000);
    expect(step.current.o).toBe(10_100n);
  });

  it('never changes a candle for a late tick', () => {
    const open = applyTick(undefined, '1m', tick(T0 + 60_000, '101.00')).current;
    expect(applyTick(open, '1m', tick(T0 + 59_000, '1.00')).current).toBe(open);
  });

  it('keys daily candles by 00:00 UTC', () => {
    expect(candleOpenTime(T0 + 1234, '1d')).toBe(Date.UTC(2025, 0, 1));
    expect(candleOpenTime(T0 + 1234, '4h')).toBe(Date.UTC(2025, 0, 1, 8));
  });

  it('updates every interval per tick and collects what is unwritten', () => {
    const book = new CandleBook();
    const changes = book.apply(tick(T0, '100.00'));
    expect(changes.map((c) => c.interval)).toEqual([...INTERVALS]);
    book.apply(tick(T0 + 60_000, '102.00'));
    expect(book.unwritten(BTC.symbol, '1m').map((c) => c.t)).toEqual([T0, T0 + 60_000]);
    expect(book.takeDirty()).toHaveLength(INTERVALS.length + 1);
    expect(book.takeDirty()).toEqual([]);
  });

  it('still shows what a write under way holds, until it lands', () => {
    const book = new CandleBook();
    book.apply(tick(T0, '100.00'));
    book.takeDirty();
    // A tick while the write is under way: the newer version of the candle is the one shown.
    book.apply(tick(T0 + 1000, '101.00'));
    book.apply(tick(T0 + 60_000, '102.00'));
    expect(book.unwritten(BTC.symbol, '1m').map((c) => [c.t, c.c])).toEqual([
      [T0, 10_100n],
      [T0 + 60_000, 10_200n],
    ]);
    book.written();
    expect(book.unwritten(BTC.symbol, '1m').map((c) => c.t)).toEqual([T0, T0 + 60_000]);
    book.takeDirty();
    book.written();
    expect(book.unwritten(BTC.symbol, '1m')).toEqual([]);
  });

  it('keeps what a failed write held for the next one, and shows it meanwhile', () => {
    const book = new CandleBook();
    book.apply(tick(T0, '100.00'));
    const taken = book.takeDirty();
    expect(book.unwritten(BTC.symbol, '1h').map((c) => c.t)).toEqual([candleOpenTime(T0, '1h')]);
    book.restoreDirty(taken);
    expect(book.unwritten(BTC.symbol, '1h').map((c) => c.t)).toEqual([candleOpenTime(T0, '1h')]);
    expect(book.takeDirty()).toHaveLength(INTERVALS.length);
  });
});

describe('generated history', () => {
  const counts = { ...HISTORY_COUNTS, '1m': 300, '5m': 120, '15m': 60, '1h': 48, '4h': 30, '1d': 20 };
  const make = (seed = 9) =>
    generateHistory({ instrument: BTC, seed, end: T0 + 30_000, endPrice: 9_700_000n, counts });

  it('is deterministic under a seed and ends at the live price', () => {
    const a = make();
    expect(make()).toEqual(a);
    expect(make(10).get('1m')).not.toEqual(a.get('1m'));
    for (const interval of INTERVALS) {
      const list = a.get(interval)!;
      expect(list.length).toBeGreaterThanOrEqual(counts[interval]);
      expect(list.length).toBeLessThanOrEqual(counts[interval] + 1);
      expect(list[list.length - 1]!.c).toBe(9_700_000n);
      expect(list[list.length - 1]!.t).toBe(candleOpenTime(T0 + 30_000, interval));
    }
  });

  it('cuts every interval from one path: a coarse candle is its finer candles combined', () => {
    const h = make();
    const fine = h.get('5m')!;
    for (const coarse of h.get('1h')!.slice(-10)) {
      const parts = fine.filter((c) => c.t >= coarse.t && c.t < coarse.t + INTERVAL_MS['1h']);
      const max = (xs: bigint[]) => xs.reduce((m, x) => (x > m ? x : m));
      const min = (xs: bigint[]) => xs.reduce((m, x) => (x < m ? x : m));
      expect(coarse).toEqual({
        t: coarse.t,
        o: parts[0]!.o,
        h: max(parts.map((c) => c.h)),
        l: min(parts.map((c) => c.l)),
        c: parts[parts.length - 1]!.c,
        v: parts.reduce((n, c) => n + c.v, 0n),
        qv: parts.reduce((n, c) => n + c.qv, 0n),
      });
    }
  });

  it('keeps candles ordered, gap-free and consistent', () => {
    for (const [interval, list] of make()) {
      for (let i = 0; i < list.length; i++) {
        const c = list[i]!;
        expect(c.h >= c.o && c.h >= c.c && c.l <= c.o && c.l <= c.c).toBe(true);
        if (i > 0) expect(c.t - list[i - 1]!.t).toBe(INTERVAL_MS[interval]);
      }
    }
  });
});

describe('openCandle', () => {
  it('counts quote volume at price × quantity', () => {
    expect(openCandle(0, 10_000n, 3n).qv).toBe(30_000n);
  });
});
