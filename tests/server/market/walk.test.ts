import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tick } from '../../../server/market/feed';
import { feedFromConfig } from '../../../server/market/createFeed';
import { loadMarketConfig } from '../../../server/market/config';
import { createRng, deriveSeed } from '../../../server/market/rng';
import { createSimulator } from '../../../server/market/simulator';
import { MAX_GAP_MS, MIN_GAP_MS, createWalk } from '../../../server/market/walk';
import { BTC, ETH } from './helpers';

const steps = (seed: number, n: number) => {
  const walk = createWalk(BTC, createRng(deriveSeed(seed, BTC.symbol)), 97_000);
  return Array.from({ length: n }, () => walk.next());
};

describe('the simulated walk', () => {
  it('is the same path for the same seed and a different one for another', () => {
    expect(steps(7, 200)).toEqual(steps(7, 200));
    expect(steps(8, 200)).not.toEqual(steps(7, 200));
  });

  it('prints several times a second with positive prices and sizes near the start price', () => {
    const path = steps(3, 2000);
    for (const s of path) {
      expect(s.gapMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
      expect(s.gapMs).toBeLessThanOrEqual(MAX_GAP_MS);
      expect(s.price).toBeGreaterThan(0n);
      expect(s.qty).toBeGreaterThan(0n);
    }
    // About fifteen minutes of prints at 55 % a year stay within a few percent of the start.
    const last = Number(path[path.length - 1]!.price) / 100;
    expect(Math.abs(last / 97_000 - 1)).toBeLessThan(0.05);
  });
});

describe('the simulator feed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const run = async (seed?: number) => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const ticks: Tick[] = [];
    const feed = createSimulator({ seed, instruments: [BTC, ETH] });
    feed.start((t) => ticks.push(t));
    await vi.advanceTimersByTimeAsync(10_000);
    await feed.stop();
    vi.useRealTimers();
    return ticks;
  };

  it('ticks every pair several times a second, deterministically under a seed', async () => {
    const a = await run(42);
    const b = await run(42);
    expect(a).toEqual(b);
    for (const pair of [BTC.symbol, ETH.symbol]) {
      const n = a.filter((t) => t.pair === pair).length;
      expect(n).toBeGreaterThan(10_000 / MAX_GAP_MS);
      expect(n).toBeLessThan(10_000 / MIN_GAP_MS + 1);
    }
    expect(a.every((t) => t.source === 'simulator')).toBe(true);
    expect(await run(43)).not.toEqual(a);
  });

  it('walks a path no one can replay when given no seed, as the server runs it', async () => {
    const a = await run();
    expect(a.length).toBeGreaterThan(20);
    expect(await run()).not.toEqual(a);
  });

  it('is started by the server without a seed, whatever FEED_SEED says', async () => {
    const config = loadMarketConfig({ FEED_SEED: '42' });
    const ticks = async () => {
      vi.useFakeTimers({ now: 1_700_000_000_000 });
      const seen: Tick[] = [];
      const feed = feedFromConfig(config, () => undefined)([BTC], new Map());
      feed.start((t) => seen.push(t));
      await vi.advanceTimersByTimeAsync(5_000);
      await feed.stop();
      vi.useRealTimers();
      return seen.map((t) => t.price);
    };
    expect(await ticks()).not.toEqual(await ticks());
  });

  it('resumes from the given start price', async () => {
    vi.useFakeTimers({ now: 0 });
    const ticks: Tick[] = [];
    const feed = createSimulator({
      seed: 1,
      instruments: [BTC],
      startPrices: new Map([[BTC.symbol, 5_000_000n]]),
    });
    feed.start((t) => ticks.push(t));
    await vi.advanceTimersByTimeAsync(1000);
    await feed.stop();
    expect(Number(ticks[0]!.price)).toBeGreaterThan(4_950_000);
    expect(Number(ticks[0]!.price)).toBeLessThan(5_050_000);
  });
});
