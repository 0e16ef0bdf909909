import { candleOpenTime, type Interval, type Kline } from '../../protocol';
import type { CandleTable } from '../db/schema';
import type { Tick } from './feed';
import type { Instrument } from './instruments';
import { bigMax, bigMin, divRound, formatScaled, toScaled } from '../domain/money/scaled';

/** A candle in exact integers: prices at the pair's price precision, `v` at its quantity precision,
 * `qv` (quote volume) at the sum of both. */
export interface Candle {
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  qv: bigint;
}

export const openCandle = (t: number, price: bigint, qty: bigint): Candle => ({
  t,
  o: price,
  h: price,
  l: price,
  c: price,
  v: qty,
  qv: price * qty,
});

export const addPrint = (candle: Candle, price: bigint, qty: bigint): Candle => ({
  t: candle.t,
  o: candle.o,
  h: bigMax(candle.h, price),
  l: bigMin(candle.l, price),
  c: price,
  v: candle.v + qty,
  qv: candle.qv + price * qty,
});

interface CandleStep {
  current: Candle;
  /** The candle the tick closed, when it opened a new one. */
  closed?: Candle;
}

/** Folds one tick into the open candle of `interval`. A tick older than the open candle (a late
 * print) leaves the candle as it is: a closed candle never changes. */
export const applyTick = (current: Candle | undefined, interval: Interval, tick: Tick): CandleStep => {
  const t = candleOpenTime(tick.ts, interval);
  if (!current || t > current.t) {
    return { current: openCandle(t, tick.price, tick.qty), ...(current ? { closed: current } : {}) };
  }
  if (t < current.t) return { current };
  return { current: addPrint(current, tick.price, tick.qty) };
};

export const toKline = (c: Candle, inst: Instrument): Kline => ({
  t: c.t,
  o: formatScaled(c.o, inst.pricePrecision),
  h: formatScaled(c.h, inst.pricePrecision),
  l: formatScaled(c.l, inst.pricePrecision),
  c: formatScaled(c.c, inst.pricePrecision),
  v: formatScaled(c.v, inst.qtyPrecision),
});

/** Quote volume rounded to the price precision, as the wire shows it. */
export const quoteVolume = (qv: bigint, inst: Instrument): string =>
  formatScaled(divRound(qv, 10n ** BigInt(inst.qtyPrecision)), inst.pricePrecision);

export const toRow = (pair: string, period: Interval, c: Candle, inst: Instrument): CandleTable => ({
  pair,
  period,
  ...toKline(c, inst),
  qv: formatScaled(c.qv, inst.pricePrecision + inst.qtyPrecision),
});

export const fromRow = (row: Omit<CandleTable, 'pair' | 'period'>, inst: Instrument): Candle => ({
  t: Number(row.t),
  o: toScaled(row.o, inst.pricePrecision),
  h: toScaled(row.h, inst.pricePrecision),
  l: toScaled(row.l, inst.pricePrecision),
  c: toScaled(row.c, inst.pricePrecision),
  v: toScaled(row.v, inst.qtyPrecision),
  qv: toScaled(row.qv, inst.pricePrecision + inst.qtyPrecision),
});
