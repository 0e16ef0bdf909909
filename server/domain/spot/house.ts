import { createRng, deriveSeed } from '../../market/rng';
import type { Side, SpotOrder } from './types';

interface LadderOptions {
  /** Levels quoted on each side. */
  levels: number;
  /** Gap between levels, in hundredths of a percent of the price. */
  stepBp: number;
  seed: number;
}

interface Quote {
  side: Side;
  price: number;
  qty: number;
}

/**
 * The house's ladder around a reference price (ticks): `levels` prices a side, `stepBp` apart, the
 * best bid below the price and the best ask above it; sizes grow away from the price and are a
 * seeded function of pair, level and price (so a test sees the same book). Nearest levels first.
 */
export const houseLadder = (
  pair: string,
  ref: number,
  /** Typical print of the pair, in lots. */
  printLots: number,
  opts: LadderOptions,
): Quote[] => {
  const step = Math.max(1, Math.floor((ref * opts.stepBp) / 10_000));
  // Strictly below and above the price, on the grid of steps.
  const bestBid = Math.ceil(ref / step) * step - step;
  const bestAsk = Math.floor(ref / step) * step + step;
  const out: Quote[] = [];
  for (let i = 0; i < opts.levels; i++) {
    for (const side of ['buy', 'sell'] as const) {
      const price = side === 'buy' ? bestBid - i * step : bestAsk + i * step;
      if (price <= 0) continue;
      const r = createRng(deriveSeed(opts.seed, `${pair}:${side}:${price}`))();
      const qty = Math.max(1, Math.round(printLots * (1 + i * 0.25) * (0.3 + 1.4 * r)));
      out.push({ side, price, qty });
    }
  }
  return out;
};

/**
 * What a requote changes: the house's resting orders at prices the new ladder no longer holds are
 * cancelled; ladder levels where the house has no order are placed. A level the house still holds
 * keeps its place in the queue (and whatever size the market left it).
 */
export const planRequote = (
  resting: Iterable<Pick<SpotOrder, 'id' | 'side' | 'price'>>,
  ladder: readonly Quote[],
): { cancel: number[]; place: Quote[] } => {
  const wanted = new Set(ladder.map((q) => `${q.side}:${q.price}`));
  const held = new Set<string>();
  const cancel: number[] = [];
  for (const o of resting) {
    const key = `${o.side}:${o.price}`;
    if (wanted.has(key) && !held.has(key)) held.add(key);
    else cancel.push(o.id);
  }
  return { cancel, place: ladder.filter((q) => !held.has(`${q.side}:${q.price}`)) };
};
