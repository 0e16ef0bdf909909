import type { PriceFeed, Tick } from './feed';
import type { Instrument } from './instruments';
import { scaledToFloat, toScaled } from '../domain/money/scaled';
import { createRng, deriveSeed, secureRng } from './rng';
import { createWalk } from './walk';

interface SimulatorOptions {
  /** Replays one path for tests. The server never gives one: a seeded path could be foreseen from
   * the public source and a few prints, and every timed contract won. */
  seed?: number;
  instruments: readonly Instrument[];
  /** Where each pair's walk resumes (its last stored price); else the instrument's start price. */
  startPrices?: ReadonlyMap<string, bigint>;
  now?: () => number;
  /** How often the loop looks for due prints. */
  loopMs?: number;
}

export const SIMULATOR_SOURCE = 'simulator';

/** The default reference feed: one random walk per pair, each printing several times a second. */
export const createSimulator = ({
  seed,
  instruments,
  startPrices,
  now = Date.now,
  loopMs = 50,
}: SimulatorOptions): PriceFeed => {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    source: SIMULATOR_SOURCE,
    start(onTick: (tick: Tick) => void) {
      const t0 = now();
      const pairs = instruments.map((inst) => {
        const start = startPrices?.get(inst.symbol) ?? toScaled(inst.startPrice, inst.pricePrecision);
        const rng = seed === undefined ? secureRng() : createRng(deriveSeed(seed, inst.symbol));
        const walk = createWalk(inst, rng, scaledToFloat(start, inst.pricePrecision));
        const step = walk.next();
        return { inst, walk, step, dueAt: t0 + step.gapMs };
      });
      timer = setInterval(() => {
        const ts = now();
        for (const p of pairs) {
          if (ts < p.dueAt) continue;
          onTick({ pair: p.inst.symbol, ts, price: p.step.price, qty: p.step.qty, source: SIMULATOR_SOURCE });
          p.step = p.walk.next();
          // Never catch up in a burst after a stall: the next print is one gap from now.
          p.dueAt = ts + p.step.gapMs;
        }
      }, loopMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
};
