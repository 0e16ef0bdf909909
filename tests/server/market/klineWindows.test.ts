import { describe, expect, it } from 'vitest';
import type { Interval, Kline } from '../../../protocol';
import { KlineWindows } from '../../../server/market/klineWindows';

const candle = (t: number): Kline => ({ t, o: '1.00', h: '1.00', l: '1.00', c: '1.00', v: '0.00000' });

/** A store of `count` candles a pair, counting its reads. */
const store = (count: number) => {
  const reads: Array<[string, Interval, number]> = [];
  let failNext = false;
  return {
    reads,
    failNext: () => (failNext = true),
    read: async (pair: string, interval: Interval, limit: number) => {
      reads.push([pair, interval, limit]);
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      return Array.from({ length: Math.min(limit, count) }, (_, i) =>
        candle(count - Math.min(limit, count) + i),
      );
    },
  };
};

describe('KlineWindows', () => {
  it('serves every chart opened between two writes from one read of the window', async () => {
    const s = store(1000);
    const w = new KlineWindows(s.read, 300);
    const [a, b] = await Promise.all([w.newest('btcusdt', '1m', 300), w.newest('btcusdt', '1m', 300)]);
    expect(a.map((k) => k.t)).toEqual(Array.from({ length: 300 }, (_, i) => 700 + i));
    expect(b).toEqual(a);
    expect((await w.newest('btcusdt', '1m', 2)).map((k) => k.t)).toEqual([998, 999]);
    expect(s.reads).toEqual([['btcusdt', '1m', 300]]);
    // Each caller has an array of its own.
    a.pop();
    expect(await w.newest('btcusdt', '1m', 300)).toHaveLength(300);
  });

  it('keeps one window a pair and interval, and reads a longer one through', async () => {
    const s = store(1000);
    const w = new KlineWindows(s.read, 300);
    await w.newest('btcusdt', '1m', 100);
    await w.newest('btcusdt', '5m', 100);
    await w.newest('ethusdt', '1m', 100);
    expect(await w.newest('btcusdt', '1m', 1000)).toHaveLength(1000);
    await w.newest('btcusdt', '1m', 1000);
    expect(s.reads).toEqual([
      ['btcusdt', '1m', 300],
      ['btcusdt', '5m', 300],
      ['ethusdt', '1m', 300],
      ['btcusdt', '1m', 1000],
      ['btcusdt', '1m', 1000],
    ]);
  });

  it('reads again once a write has landed', async () => {
    const s = store(50);
    const w = new KlineWindows(s.read, 300);
    await w.newest('btcusdt', '1h', 300);
    w.invalidate();
    expect(await w.newest('btcusdt', '1h', 300)).toHaveLength(50);
    expect(s.reads).toHaveLength(2);
  });

  it('keeps no failed read: the next chart tries again', async () => {
    const s = store(10);
    const w = new KlineWindows(s.read, 300);
    s.failNext();
    await expect(w.newest('btcusdt', '1m', 300)).rejects.toThrow('database unavailable');
    expect(await w.newest('btcusdt', '1m', 300)).toHaveLength(10);
    expect(s.reads).toHaveLength(2);
  });
});
