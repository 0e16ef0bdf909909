import type { Instrument } from './instruments';
import { gaussian, type Rng } from './rng';
import { scaledFromFloat } from '../domain/money/scaled';

const YEAR_MS = 365.25 * 86_400_000;

/** One step of geometric Brownian motion without drift: the log price moves by a normal draw whose
 * spread grows with the square root of the time step. */
export const gbmStep = (price: number, volatility: number, dtMs: number, z: number): number => {
  const dt = dtMs / YEAR_MS;
  return price * Math.exp(-0.5 * volatility * volatility * dt + volatility * Math.sqrt(dt) * z);
};

/** A print size around the instrument's typical one (log-normal), at least one unit. */
export const printQty = (instrument: Instrument, rng: Rng, factor = 1): bigint =>
  scaledFromFloat(
    instrument.printQty * factor * Math.exp(0.8 * gaussian(rng) - 0.32),
    instrument.qtyPrecision,
  );

interface WalkStep {
  /** Time since the previous step. */
  gapMs: number;
  price: bigint;
  qty: bigint;
}

/** Gaps between simulated prints: several a second per pair. */
export const MIN_GAP_MS = 150;
export const MAX_GAP_MS = 650;

/**
 * The simulated price path of one pair from a start price, drawing from `rng`: the server's own
 * generator live, a seeded one when a test replays a path. The walk keeps its float state; each
 * published price is that state rounded to the pair's precision.
 */
export const createWalk = (instrument: Instrument, rng: Rng, start: number) => {
  let price = start;
  return {
    next(): WalkStep {
      const gapMs = Math.round(MIN_GAP_MS + rng() * (MAX_GAP_MS - MIN_GAP_MS));
      price = gbmStep(price, instrument.volatility, gapMs, gaussian(rng));
      return {
        gapMs,
        price: scaledFromFloat(price, instrument.pricePrecision),
        qty: printQty(instrument, rng),
      };
    },
  };
};
