import { OrderBook } from '../server/domain/spot/book';
import { SpotEngine } from '../server/domain/spot/engine';
import type { Side } from '../server/domain/spot/types';
import { pairUnits } from '../server/domain/spot/units';
import { createRng } from '../server/market/rng';

export interface EngineFigures {
  engine: string;
  offeredPerSec: number;
  achievedPerSec: number;
  p50Us: number;
  p99Us: number;
  p999Us: number;
  resting: number;
}

const PAIR = { symbol: 'btcusdt', base: 'BTC', quote: 'USDT', pricePrecision: 2, qtyPrecision: 5 };
const MID = 9_700_000;
const WIDE = { low: 1, high: Number.MAX_SAFE_INTEGER };

type Op =
  { kind: 'gtc' | 'ioc'; side: Side; price: number; qty: number } | { kind: 'cancel' } | { kind: 'move' };

/** The exchange-core mix: resting (GTC) limit orders behind the mid, immediate-or-cancel orders
 * that cross it and trade, cancels and moves (cancel and re-place elsewhere). Places and cancels
 * balance, so the book stays near its starting size. */
const ops = (n: number, seed: number): Op[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, (): Op => {
    const r = rng();
    const side: Side = rng() < 0.5 ? 'buy' : 'sell';
    const qty = 1 + Math.floor(rng() * 500);
    if (r < 0.3) {
      const off = 1 + Math.floor(rng() * 2000);
      return { kind: 'gtc', side, price: side === 'buy' ? MID - off : MID + off, qty };
    }
    if (r < 0.35) return { kind: 'ioc', side, price: side === 'buy' ? MID + 200 : MID - 200, qty };
    return r < 0.65 ? { kind: 'cancel' } : { kind: 'move' };
  });
};

interface Target {
  /** A limit order; `ioc` cancels what does not fill at once instead of resting it. */
  place(id: number, user: number, side: Side, price: number, qty: number, ioc?: boolean): void;
  cancel(id: number): void;
  size(): number;
}

const bookTarget = (): Target => {
  const book = new OrderBook();
  return {
    place(id, user, side, price, qty, ioc) {
      const m = book.match(user, side, price, qty);
      if (m.filled < qty && !ioc) book.rest(id, user, side, price, qty - m.filled);
    },
    cancel: (id) => void book.cancel(id),
    size: () => book.size,
  };
};

const engineTarget = (): Target => {
  let trade = 0;
  const engine = new SpotEngine(
    PAIR,
    pairUnits(PAIR)!,
    { makerPpm: 1000n, takerPpm: 1000n },
    -2,
    () => ++trade,
  );
  return {
    place(id, user, side, price, qty, ioc) {
      // An IOC is a market order whose band edge is its limit.
      const band = ioc ? (side === 'buy' ? { low: 1, high: price } : { low: price, high: WIDE.high }) : WIDE;
      const o = engine.create(
        {
          id,
          userId: user,
          side,
          type: ioc ? 'market' : 'limit',
          price: ioc ? null : price,
          qty,
          budget: null,
          clientOid: null,
        },
        band,
        0,
      );
      engine.freezeOf(o);
      engine.execute(o, band, 0);
    },
    cancel: (id) => void engine.cancel(id, 0),
    size: () => engine.book.size,
  };
};

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Runs `n` operations at a constant offered rate (each scheduled at start + i / rate, spinning
 * until due); a latency is from when an operation was due to when it finished, so falling behind
 * the rate shows in the tail (no coordinated omission). */
const run = (make: () => Target, rate: number, n: number, resting: number) => {
  const t = make();
  const rng = createRng(7);
  const live: number[] = [];
  let id = 0;
  const place = (side: Side, price: number, qty: number, ioc = false) => {
    id += 1;
    t.place(id, 1 + (id % 100), side, price, qty, ioc);
    if (!ioc) live.push(id);
  };
  // The standing book: `resting` passive orders on both sides.
  for (let i = 0; i < resting; i++) {
    const side: Side = i % 2 === 0 ? 'buy' : 'sell';
    const off = 1 + Math.floor(rng() * 2000);
    place(side, side === 'buy' ? MID - off : MID + off, 1 + Math.floor(rng() * 500));
  }
  const work = ops(n, 11);
  const lat = new Float64Array(n);
  // performance.now(): a double in ms with sub-microsecond resolution, and no allocation per
  // reading (a bigint clock would make the spinning itself feed the garbage collector).
  const period = 1e3 / rate;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const due = start + i * period;
    while (performance.now() < due) {
      // spin: a constant offered rate
    }
    const op = work[i]!;
    if (op.kind === 'gtc' || op.kind === 'ioc') place(op.side, op.price, op.qty, op.kind === 'ioc');
    else if (live.length > 0) {
      const k = Math.floor(rng() * live.length);
      const victim = live[k]!;
      live[k] = live[live.length - 1]!;
      live.pop();
      t.cancel(victim);
      if (op.kind === 'move') {
        const side: Side = victim % 2 === 0 ? 'buy' : 'sell';
        const off = 1 + Math.floor(rng() * 2000);
        place(side, side === 'buy' ? MID - off : MID + off, 1 + Math.floor(rng() * 500));
      }
    }
    lat[i] = (performance.now() - due) * 1e6;
  }
  const elapsed = (performance.now() - start) / 1e3;
  lat.sort();
  return {
    offeredPerSec: rate,
    achievedPerSec: Math.round(n / elapsed),
    p50Us: +(pct(lat, 0.5) / 1000).toFixed(2),
    p99Us: +(pct(lat, 0.99) / 1000).toFixed(2),
    p999Us: +(pct(lat, 0.999) / 1000).toFixed(2),
    resting: t.size(),
  };
};

/** The matching engine alone, in process, one core: the bare book (ticks and lots) and the whole
 * engine (with the ledger movements and fees of every fill), at constant offered rates. */
export const measureSpotEngine = (n = 300_000, resting = 1000): EngineFigures[] => {
  const out: EngineFigures[] = [];
  for (const [name, make] of [
    ['order book', bookTarget],
    ['engine + settlement', engineTarget],
  ] as const) {
    run(make, 2_000_000, 50_000, resting); // warm-up
    for (const rate of [250_000, 1_000_000]) out.push({ engine: name, ...run(make, rate, n, resting) });
  }
  return out;
};

if (import.meta.url === `file://${process.argv[1]}`) console.table(measureSpotEngine());
