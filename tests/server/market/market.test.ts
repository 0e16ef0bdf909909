import { describe, expect, it } from 'vitest';
import { INTERVALS, candleOpenTime, type Kline, type Ticker } from '../../../protocol';
import type { PriceFeed, Tick } from '../../../server/market/feed';
import { createMarket } from '../../../server/market/market';
import { ticksBetween } from '../../../server/market/tickStore';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const T0 = Date.UTC(2025, 2, 3, 12, 0, 30);
const COUNTS = { '1m': 300, '5m': 20, '15m': 20, '1h': 20, '4h': 20, '1d': 10 } as const;

/** A feed the test drives by hand. */
const manualFeed = () => {
  let emit: ((t: Tick) => void) | undefined;
  const feed: PriceFeed = {
    source: 'manual',
    start: (fn) => void (emit = fn),
    stop: async () => undefined,
  };
  return { feed, push: (t: Tick) => emit?.(t) };
};

describe.each(forEachEngine())('the market on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true });

  const start = async (now = T0, startPrices?: (p: ReadonlyMap<string, bigint>) => void) => {
    const manual = manualFeed();
    const market = createMarket({
      db: t().db.kysely,
      seed: 5,
      now: () => now,
      flushMs: 60_000,
      historyCounts: COUNTS,
      feed: (_inst, prices) => {
        startPrices?.(prices);
        return manual.feed;
      },
    });
    await market.start();
    return { market, push: manual.push };
  };

  it('backfills history on first start so every chart has candles, ending at the start price', async () => {
    const { market } = await start();
    expect(market.pairs()).toHaveLength(10);
    for (const interval of INTERVALS) {
      const k = await market.klines('btcusdt', interval, 1000);
      expect(k.length).toBeGreaterThanOrEqual(COUNTS[interval]);
      expect(k[k.length - 1]!.t).toBe(candleOpenTime(T0, interval));
      expect(k[k.length - 1]!.c).toBe('97000.00');
    }
    const tickers = market.tickers();
    expect(tickers).toHaveLength(10);
    expect(tickers.find((x) => x.pair === 'btcusdt')?.last).toBe('97000.00');
    await market.stop();
  });

  it('records ticks, updates candles and tickers, and pages back with `before`', async () => {
    const { market, push } = await start();
    const klines: Kline[] = [];
    const tickers: Ticker[] = [];
    market.listen({ kline: (_p, i, k) => i === '1m' && klines.push(k), ticker: (x) => tickers.push(x) });
    push({ pair: 'btcusdt', ts: T0 + 1000, price: 9_710_000n, qty: 100n, source: 'manual' });
    push({ pair: 'btcusdt', ts: T0 + 61_000, price: 9_690_000n, qty: 200n, source: 'manual' });
    push({ pair: 'nopeusdt', ts: T0 + 62_000, price: 1n, qty: 1n, source: 'manual' });
    expect(klines.map((k) => [k.t, k.c])).toEqual([
      [candleOpenTime(T0, '1m'), '97100.00'],
      [candleOpenTime(T0 + 61_000, '1m'), '96900.00'],
    ]);
    expect(tickers[tickers.length - 1]).toMatchObject({ pair: 'btcusdt', last: '96900.00', ts: T0 + 61_000 });
    // Served before the write, from memory …
    const latest = await market.klines('btcusdt', '1m', 2);
    expect(latest.map((k) => k.c)).toEqual(['97100.00', '96900.00']);
    await market.flush();
    // … and the same after it, from the database.
    expect(await market.klines('btcusdt', '1m', 2)).toEqual(latest);
    const page = await market.klines('btcusdt', '1m', 3, latest[0]!.t);
    expect(page).toHaveLength(3);
    expect(page[2]!.t).toBe(latest[0]!.t - 60_000);
    const ticks = await ticksBetween(t().db.kysely, 'btcusdt', T0, T0 + 100_000);
    expect(ticks.map((x) => [x.price, x.qty, x.source])).toEqual([
      ['97100.00', '0.00100', 'manual'],
      ['96900.00', '0.00200', 'manual'],
    ]);
    expect(market.trades('btcusdt', 5).map((x) => x.price)).toEqual(['96900.00', '97100.00']);
    expect(market.depth('btcusdt', 3).bids).toHaveLength(3);
    await market.stop();
  });

  it('resumes after a restart from the last recorded price, without backfilling again', async () => {
    const first = await start();
    const before = await first.market.klines('ethusdt', '1h', 1000);
    first.push({ pair: 'ethusdt', ts: T0 + 1000, price: 350_000n, qty: 10n, source: 'manual' });
    await first.market.stop();
    let resumed: ReadonlyMap<string, bigint> | undefined;
    const second = await start(T0 + 5000, (p) => (resumed = p));
    expect(resumed?.get('ethusdt')).toBe(350_000n);
    expect(resumed?.get('btcusdt')).toBe(9_700_000n);
    const k = await second.market.klines('ethusdt', '1h', 1000);
    expect(k.map((x) => x.t)).toEqual(before.map((x) => x.t));
    expect(k[k.length - 1]!.c).toBe('3500.00');
    await second.market.stop();
  });
});
