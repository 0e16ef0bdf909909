import type { DepthLevel, DepthSnapshot, DepthUpdate, Kline, Ticker, Trade } from '../protocol/market';
import { compareDecimal, isZero } from './decimalOrder';

/** What a reducer returns when a message does not follow the state it holds: resync from REST. */
export const GAP = Symbol('gap');
export type Step<S> = S | typeof GAP;

const KLINE_KEEP = 1000;
export const TRADES_KEEP = 50;

/** Candles move only forward: the open candle is replaced, a newer one appended, an older one
 * (or a repeat) ignored, so a chart never gets a duplicate or a backwards candle. */
export const applyKline = (list: readonly Kline[], k: Kline): readonly Kline[] => {
  const last = list[list.length - 1];
  if (!last || k.t > last.t) return [...list.slice(-(KLINE_KEEP - 1)), k];
  if (k.t === last.t) return [...list.slice(0, -1), k];
  return list;
};

/** Tickers by pair; a ticker older than the one held is ignored. */
export const applyTickers = (map: ReadonlyMap<string, Ticker>, tickers: readonly Ticker[]) => {
  let next: Map<string, Ticker> | undefined;
  for (const t of tickers) {
    const held = (next ?? map).get(t.pair);
    if (held && held.ts > t.ts) continue;
    next ??= new Map(map);
    next.set(t.pair, t);
  }
  return next ?? map;
};

export const tickerMap = (tickers: readonly Ticker[]) => applyTickers(new Map(), tickers);

/** Prints, newest first; only ids above the newest held are taken. */
export const applyTrades = (list: readonly Trade[], trades: readonly Trade[]): readonly Trade[] => {
  const newest = list[0]?.id ?? -Infinity;
  const fresh = trades.filter((t) => t.id > newest).sort((a, b) => b.id - a.id);
  return fresh.length === 0 ? list : [...fresh, ...list].slice(0, TRADES_KEEP);
};

/** A book as the client keeps it: levels by price, and the update id it is at. */
export interface Book {
  seq: number;
  bids: ReadonlyMap<string, string>;
  asks: ReadonlyMap<string, string>;
}

const withLevels = (side: ReadonlyMap<string, string>, levels: readonly DepthLevel[]) => {
  const next = new Map(side);
  for (const [price, qty] of levels) {
    if (isZero(qty)) next.delete(price);
    else next.set(price, qty);
  }
  return next;
};

export const bookFromSnapshot = (s: Pick<DepthSnapshot, 'seq' | 'bids' | 'asks'>): Book => ({
  seq: s.seq,
  bids: new Map(s.bids),
  asks: new Map(s.asks),
});

/** Applies a socket depth message: a snapshot replaces the book; a diff must start where the book
 * is (`prev`), one already seen is ignored, and one from further ahead is a gap. */
export const applyDepth = (book: Book, seq: number, update: DepthUpdate): Step<Book> => {
  if (update.kind === 'snapshot') return bookFromSnapshot({ seq, bids: update.bids, asks: update.asks });
  if (seq <= book.seq) return book;
  if (update.prev !== book.seq) return GAP;
  return { seq, bids: withLevels(book.bids, update.bids), asks: withLevels(book.asks, update.asks) };
};

/** The book as levels, best first, at most `limit` a side. */
export const bookLevels = (book: Book, limit: number): Pick<DepthSnapshot, 'seq' | 'bids' | 'asks'> => ({
  seq: book.seq,
  bids: [...book.bids].sort((a, b) => compareDecimal(b[0], a[0])).slice(0, limit),
  asks: [...book.asks].sort((a, b) => compareDecimal(a[0], b[0])).slice(0, limit),
});
