import { INTERVALS, INTERVAL_MS, candleOpenTime, type Interval } from '../../protocol';
import { addPrint, openCandle, type Candle } from './candle';
import type { Instrument } from './instruments';
import { createRng, deriveSeed, gaussian } from './rng';
import { scaledFromFloat, scaledToFloat } from '../domain/money/scaled';
import { gbmStep, printQty } from './walk';

interface HistoryOptions {
  instrument: Instrument;
  seed: number;
  /** The history ends here, at `endPrice`, where the live feed takes over. */
  end: number;
  endPrice: bigint;
  /** Candles generated per interval. */
  counts: Readonly<Record<Interval, number>>;
}

/** Enough 1-minute candles for the rolling 24h statistics, and a few screens of every other interval. */
export const HISTORY_COUNTS: Readonly<Record<Interval, number>> = {
  '1m': 1500,
  '5m': 500,
  '15m': 500,
  '1h': 500,
  '4h': 500,
  '1d': 365,
};

/** Simulated prints per second the volumes are scaled to. */
const PRINTS_PER_SECOND = 2.5;
const POINTS_PER_CANDLE = 4;

/**
 * A deterministic, simulated past for a pair with no candles yet, so charts are never empty on a
 * fresh exchange. One price path runs backwards from the live price: fine steps near now, coarser
 * further back (a quarter of the interval whose window the point falls in), and every interval's
 * candles are cut from that same path, so a 1h candle is exactly its twelve 5m candles.
 */
export const generateHistory = ({ instrument, seed, end, endPrice, counts }: HistoryOptions) => {
  // Each interval's window reaches at least as far back as the finer ones, so the levels nest.
  let reach = 0;
  const windows = INTERVALS.map((i) => (reach = Math.max(reach, counts[i] * INTERVAL_MS[i])));
  const horizon = Math.max(...windows);
  const rng = createRng(deriveSeed(seed, `${instrument.symbol}:history`));
  const points: Array<{ t: number; price: bigint; qty: bigint }> = [];
  let price = scaledToFloat(endPrice, instrument.pricePrecision);
  let t = end;
  let next = endPrice;
  while (end - t < horizon) {
    const level = windows.findIndex((w) => end - t < w);
    const step = INTERVAL_MS[INTERVALS[level]!] / POINTS_PER_CANDLE;
    const qty = printQty(instrument, rng, (PRINTS_PER_SECOND * step) / 1000);
    points.push({ t, price: next, qty });
    t -= step;
    price = gbmStep(price, instrument.volatility, step, gaussian(rng));
    next = scaledFromFloat(price, instrument.pricePrecision);
  }
  points.reverse();

  const out = new Map<Interval, Candle[]>();
  INTERVALS.forEach((interval, i) => {
    const from = end - windows[i]!;
    const list: Candle[] = [];
    for (const p of points) {
      if (p.t < from) continue;
      const open = candleOpenTime(p.t, interval);
      const last = list[list.length - 1];
      if (last && last.t === open) list[list.length - 1] = addPrint(last, p.price, p.qty);
      else list.push(openCandle(open, p.price, p.qty));
    }
    out.set(interval, list);
  });
  return out;
};
