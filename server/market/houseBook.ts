import { type DepthLevel, type DepthSnapshot, type Trade } from '../../protocol';
import type { BookListener, BookSource } from './book';
import type { Tick } from './feed';
import type { Instrument } from './instruments';
import { Prints } from './prints';
import { createRng, deriveSeed } from './rng';
import { formatScaled, scaledFromFloat } from '../domain/money/scaled';

/** Levels quoted on each side. */
export const HOUSE_LEVELS = 30;
/** Gap between levels, in hundredths of a percent of the price. */
const STEP_BP = 2n;
/** How long a level keeps its size before the house requotes it. */
const REQUOTE_MS = 2000;

type Side = Map<bigint, bigint>;

interface PairBook {
  inst: Instrument;
  seq: number;
  bids: Side;
  asks: Side;
  trades: Prints;
  lastPrice: bigint | undefined;
  lastTradeTs: number;
  tradeInMs: number;
}

const levels = (side: Side, desc: boolean, limit: number, inst: Instrument): DepthLevel[] =>
  [...side.entries()]
    .sort(([a], [b]) => (desc ? (b > a ? 1 : b < a ? -1 : 0) : a > b ? 1 : a < b ? -1 : 0))
    .slice(0, limit)
    .map(([p, q]) => [formatScaled(p, inst.pricePrecision), formatScaled(q, inst.qtyPrecision)]);

const diffSide = (before: Side, after: Side, inst: Instrument): DepthLevel[] => {
  const out: DepthLevel[] = [];
  for (const [p, q] of after) {
    if (before.get(p) !== q)
      out.push([formatScaled(p, inst.pricePrecision), formatScaled(q, inst.qtyPrecision)]);
  }
  for (const p of before.keys()) {
    if (!after.has(p)) out.push([formatScaled(p, inst.pricePrecision), '0']);
  }
  return out;
};

/**
 * The house market maker's quotes, until a spot engine exists: a ladder of levels on both sides of
 * the reference price whose sizes are a seeded function of level and time (so a test sees the same
 * book), requoted as the price moves; every reference tick is also shown as a print.
 */
export class HouseBook implements BookSource {
  private readonly books = new Map<string, PairBook>();
  private readonly listeners = new Set<BookListener>();

  constructor(
    instruments: readonly Instrument[],
    private readonly seed: number,
  ) {
    for (const inst of instruments) {
      this.books.set(inst.symbol, {
        inst,
        seq: 0,
        bids: new Map(),
        asks: new Map(),
        trades: new Prints(),
        lastPrice: undefined,
        lastTradeTs: 0,
        tradeInMs: 0,
      });
    }
  }

  listen(listener: BookListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  depth(pair: string, limit: number): DepthSnapshot {
    const b = this.books.get(pair);
    if (!b) return { pair, seq: 0, ts: 0, bids: [], asks: [] };
    return {
      pair,
      seq: b.seq,
      ts: b.lastTradeTs,
      bids: levels(b.bids, true, limit, b.inst),
      asks: levels(b.asks, false, limit, b.inst),
    };
  }

  trades(pair: string, limit: number): Trade[] {
    return this.books.get(pair)?.trades.newest(limit) ?? [];
  }

  onTick(tick: Tick) {
    const b = this.books.get(tick.pair);
    if (!b) return;
    const trade = this.print(b, tick);
    const { bids, asks } = this.quote(b.inst, tick.price, tick.ts);
    const bidDiff = diffSide(b.bids, bids, b.inst);
    const askDiff = diffSide(b.asks, asks, b.inst);
    b.bids = bids;
    b.asks = asks;
    for (const l of this.listeners) l.trades(tick.pair, [trade]);
    if (bidDiff.length === 0 && askDiff.length === 0) return;
    const prev = b.seq;
    b.seq += 1;
    for (const l of this.listeners) {
      l.depth(tick.pair, { seq: b.seq, prev, ts: tick.ts, bids: bidDiff, asks: askDiff });
    }
  }

  private print(b: PairBook, tick: Tick): Trade {
    // Ids grow with time across restarts: milliseconds times 100 plus the print's place in that ms.
    b.tradeInMs = tick.ts === b.lastTradeTs ? b.tradeInMs + 1 : 0;
    b.lastTradeTs = tick.ts;
    const side = b.lastPrice === undefined || tick.price >= b.lastPrice ? 'buy' : 'sell';
    b.lastPrice = tick.price;
    const trade: Trade = {
      id: tick.ts * 100 + Math.min(b.tradeInMs, 99),
      price: formatScaled(tick.price, b.inst.pricePrecision),
      qty: formatScaled(tick.qty, b.inst.qtyPrecision),
      side,
      ts: tick.ts,
    };
    b.trades.add([trade]);
    return trade;
  }

  private quote(inst: Instrument, price: bigint, ts: number) {
    const step = price * STEP_BP > 10_000n ? (price * STEP_BP) / 10_000n : 1n;
    const bestBid = ((price - 1n) / step) * step;
    const bestAsk = bestBid + step;
    const bids: Side = new Map();
    const asks: Side = new Map();
    for (let i = 0; i < HOUSE_LEVELS; i++) {
      const bid = bestBid - BigInt(i) * step;
      if (bid > 0n) bids.set(bid, this.size(inst, bid, i, ts));
      const ask = bestAsk + BigInt(i) * step;
      asks.set(ask, this.size(inst, ask, i, ts));
    }
    return { bids, asks };
  }

  /** A level's size: larger further from the price, redrawn every REQUOTE_MS at a moment of its
   * own so the book changes a few levels at a time rather than all at once. */
  private size(inst: Instrument, levelPrice: bigint, depth: number, ts: number): bigint {
    const name = `${inst.symbol}:${levelPrice}`;
    const phase = deriveSeed(this.seed, name) % REQUOTE_MS;
    const epoch = Math.floor((ts + phase) / REQUOTE_MS);
    const r = createRng(deriveSeed(this.seed, `${name}:${epoch}`))();
    return scaledFromFloat(inst.printQty * (1 + depth * 0.25) * (0.3 + 1.4 * r), inst.qtyPrecision);
  }
}
