import { z } from 'zod';
import { amountString, decimalString } from './decimal';
import {
  DEPTH_LIMIT_DEFAULT,
  DEPTH_LIMIT_MAX,
  INTERVALS,
  KLINE_LIMIT_DEFAULT,
  KLINE_LIMIT_MAX,
  PAIR_SYMBOL_RE,
  TRADES_LIMIT_DEFAULT,
  TRADES_LIMIT_MAX,
} from './market';
import { wholeParam } from './rowId';

const intervalSchema = z.enum(INTERVALS);
export const pairSymbolSchema = z.string().regex(PAIR_SYMBOL_RE);

const limit = (max: number, fallback: number) => wholeParam(max).default(fallback);

export const pairInfoSchema = z.object({
  symbol: pairSymbolSchema,
  name: z.string(),
  base: z.string(),
  quote: z.string(),
  pricePrecision: z.number().int().min(0),
  qtyPrecision: z.number().int().min(0),
});

export const tickerSchema = z.object({
  pair: pairSymbolSchema,
  open: amountString,
  high: amountString,
  low: amountString,
  last: amountString,
  volume: amountString,
  quoteVolume: amountString,
  changePercent: decimalString,
  ts: z.number().int(),
});

export const klineSchema = z.object({
  t: z.number().int(),
  o: amountString,
  h: amountString,
  l: amountString,
  c: amountString,
  v: amountString,
});

const depthLevelSchema = z.tuple([amountString, amountString]);

export const depthSnapshotSchema = z.object({
  pair: pairSymbolSchema,
  seq: z.number().int(),
  ts: z.number().int(),
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
});

export const tradeSchema = z.object({
  id: z.number().int(),
  price: amountString,
  qty: amountString,
  side: z.enum(['buy', 'sell']),
  ts: z.number().int(),
});

export const klineQuerySchema = z.strictObject({
  pair: pairSymbolSchema,
  interval: intervalSchema,
  limit: limit(KLINE_LIMIT_MAX, KLINE_LIMIT_DEFAULT),
  /** Only candles that open before this time (paging back through history). */
  before: wholeParam(Number.MAX_SAFE_INTEGER).optional(),
});

export const depthQuerySchema = z.strictObject({
  pair: pairSymbolSchema,
  limit: limit(DEPTH_LIMIT_MAX, DEPTH_LIMIT_DEFAULT),
});

export const tradesQuerySchema = z.strictObject({
  pair: pairSymbolSchema,
  limit: limit(TRADES_LIMIT_MAX, TRADES_LIMIT_DEFAULT),
});
