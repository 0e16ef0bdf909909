/**
 * Market data on the wire (ARCHITECTURE §4, §6). Prices and quantities are decimal strings; times
 * are UTC milliseconds; candles are keyed by their open time. This module holds types and plain
 * values only, so the web app can take them without pulling zod (the schemas are in marketSchema.ts).
 */

/** Candle intervals, shortest first. */
export const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
export const INTERVAL_MS: Record<Interval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};

/** Open time of the candle of `interval` that holds `ts` (UTC, so daily candles open at 00:00 UTC). */
export const candleOpenTime = (ts: number, interval: Interval): number =>
  ts - (((ts % INTERVAL_MS[interval]) + INTERVAL_MS[interval]) % INTERVAL_MS[interval]);

/** A listed pair: `symbol` is the lower-case trade coin followed by the settle coin (`btcusdt`). */
export interface PairInfo {
  symbol: string;
  /** Display name, `BTC/USDT`. */
  name: string;
  base: string;
  quote: string;
  /** Digits after the point of a price. */
  pricePrecision: number;
  /** Digits after the point of a quantity. */
  qtyPrecision: number;
}

export const pairSymbol = (tradecoin: string, settlecoin: string): string =>
  `${tradecoin}${settlecoin}`.toLowerCase();

export const PAIR_SYMBOL_RE = /^[a-z0-9]{2,20}$/;

/** Rolling 24-hour statistics of one pair. */
export interface Ticker {
  pair: string;
  open: string;
  high: string;
  low: string;
  last: string;
  /** Base-coin volume over the window. */
  volume: string;
  /** Quote-coin volume over the window. */
  quoteVolume: string;
  /** Change from open to last, in percent with two decimals (`-1.25`). */
  changePercent: string;
  /** Time of the last price. */
  ts: number;
}

/** One candle: open time, open, high, low, close, base volume. */
export interface Kline {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** `[price, quantity]`; in a diff the quantity is the level's new absolute size and `'0'` removes it. */
export type DepthLevel = [price: string, qty: string];

/** The order book of a pair as of update `seq`; bids best (highest) first, asks best (lowest) first. */
export interface DepthSnapshot {
  pair: string;
  seq: number;
  ts: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/** The socket's depth payload: a snapshot right after subscribing, then diffs. A diff applies to
 * the book at update `prev`; the message's `seq` is the update it produces. */
export type DepthUpdate =
  | { kind: 'snapshot'; bids: DepthLevel[]; asks: DepthLevel[] }
  | { kind: 'diff'; prev: number; bids: DepthLevel[]; asks: DepthLevel[] };

export type TradeSide = 'buy' | 'sell';

/** A print: `side` is the taker's side. Ids increase with time within a pair. */
export interface Trade {
  id: number;
  price: string;
  qty: string;
  side: TradeSide;
  ts: number;
}

export const KLINE_LIMIT_DEFAULT = 300;
export const KLINE_LIMIT_MAX = 1000;
export const DEPTH_LIMIT_DEFAULT = 20;
export const DEPTH_LIMIT_MAX = 100;
export const TRADES_LIMIT_DEFAULT = 50;
export const TRADES_LIMIT_MAX = 200;
