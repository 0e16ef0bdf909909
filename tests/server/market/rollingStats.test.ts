import { describe, expect, it } from 'vitest';
import { applyTick, type Candle } from '../../../server/market/candle';
import { DAY_MS, RollingStats } from '../../../server/market/rollingStats';
import { BTC, tick } from './helpers';

const T0 = Date.UTC(2025, 0, 2);
const MIN = 60_000;

const minute = (t: number, o: bigint, h: bigint, l: bigint, c: bigint, v: bigint): Candle => ({
  t,
  o,
  h,
  l,
  c,
  v,
  qv: c * v,
});

describe('rolling 24h statistics', () => {
  it('summarise the closed minutes of the window and the open one', () => {
    const stats = new RollingStats(BTC);
    stats.seed([
      minute(T0 - DAY_MS - 5 * MIN, 1n, 999_999n, 1n, 1n, 100n), // left the window
      minute(T0 - 10 * MIN, 10_000n, 10_500n, 9_900n, 10_100n, 100_000n),
      minute(T0 - 5 * MIN, 10_100n, 10_200n, 9_800n, 10_000n, 50_000n),
    ]);
    const open = applyTick(undefined, '1m', tick(T0 + 1000, '102.50', '0.25000')).current;
    stats.update(open, undefined, T0 + 1000);
    expect(stats.ticker(T0 + 1000)).toEqual({
      pair: 'btcusdt',
      open: '100.00',
      high: '105.00',
      low: '98.00',
      last: '102.50',
      volume: '1.75000',
      quoteVolume: '176.63',
      changePercent: '2.50',
      ts: T0 + 1000,
    });
  });

  it('drop minutes as they leave the window', () => {
    const stats = new RollingStats(BTC);
    stats.seed([minute(T0, 10_000n, 10_000n, 10_000n, 10_000n, 1n)]);
    let c = applyTick(undefined, '1m', tick(T0 + DAY_MS, '90.00')).current;
    stats.update(c, undefined, T0 + DAY_MS);
    expect(stats.ticker(T0 + DAY_MS)?.open).toBe('100.00');
    const step = applyTick(c, '1m', tick(T0 + DAY_MS + 2 * MIN, '91.00'));
    c = step.current;
    stats.update(c, step.closed, T0 + DAY_MS + 2 * MIN);
    expect(stats.ticker(T0 + DAY_MS + 2 * MIN)).toMatchObject({
      open: '90.00',
      last: '91.00',
      changePercent: '1.11',
    });
  });

  it('say nothing before the first price', () => {
    expect(new RollingStats(BTC).ticker(T0)).toBeUndefined();
  });
});
