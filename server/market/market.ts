import type { Kysely } from 'kysely';
import {
  INTERVALS,
  KLINE_LIMIT_DEFAULT,
  candleOpenTime,
  type DepthSnapshot,
  type Interval,
  type Kline,
  type PairInfo,
  type Ticker,
  type Trade,
} from '../../protocol';
import type { CandleTable, Database } from '../db/schema';
import { listPairs } from '../db/repos/content';
import { fromRow, toKline, toRow } from './candle';
import { CandleBook } from './candleBook';
import { KlineWindows } from './klineWindows';
import { hasCandles, readCandles, readCandlesSince, readKlines, upsertCandles } from './candleRepo';
import type { MarketListener } from './events';
import type { PriceFeed, Tick } from './feed';
import { HISTORY_COUNTS, generateHistory } from './history';
import type { BookSource } from './book';
import { HouseBook } from './houseBook';
import { instrumentFor, pairInfo, type Instrument } from './instruments';
import { DAY_MS, RollingStats } from './rollingStats';
import { toScaled } from '../domain/money/scaled';
import { TickStore, lastTick } from './tickStore';
import { transact } from '../db/transient';

interface MarketOptions {
  db: Kysely<Database>;
  /** Builds the reference feed once the listed pairs and their last prices are known. */
  feed: (instruments: readonly Instrument[], startPrices: ReadonlyMap<string, bigint>) => PriceFeed;
  seed: number;
  now?: () => number;
  /** How often buffered ticks and changed candles are written. */
  flushMs?: number;
  /** Candles of simulated history per interval for a pair that has none. */
  historyCounts?: Readonly<Record<Interval, number>>;
  onError?: (err: unknown) => void;
  /** Where depth and prints come from, told of every reference tick: the spot engine's real
   * book in the server; the house's simulated quotes when absent. */
  book?: TickedBook;
}

type TickedBook = BookSource & { onTick(tick: Tick): void };

export interface Market {
  start(): Promise<void>;
  stop(): Promise<void>;
  pairs(): PairInfo[];
  has(pair: string): boolean;
  tickers(): Ticker[];
  klines(pair: string, interval: Interval, limit: number, before?: number): Promise<Kline[]>;
  depth(pair: string, limit: number): DepthSnapshot;
  trades(pair: string, limit: number): Trade[];
  listen(listener: MarketListener): () => void;
  /** Writes whatever is buffered now (tests and shutdown). */
  flush(): Promise<void>;
}

/**
 * Live market data: the reference feed is recorded (tick store), folded into candles of every
 * interval and rolling 24h statistics, and drives the house quotes; listeners hear each change.
 */
export const createMarket = ({
  db,
  feed: makeFeed,
  seed,
  now = Date.now,
  flushMs = 1000,
  historyCounts = HISTORY_COUNTS,
  onError = () => undefined,
  book: givenBook,
}: MarketOptions): Market => {
  const listeners = new Set<MarketListener>();
  const instruments = new Map<string, Instrument>();
  const stats = new Map<string, RollingStats>();
  const candles = new CandleBook();
  const windows = new KlineWindows(
    (pair, interval, limit) => readKlines(db, pair, interval, limit),
    KLINE_LIMIT_DEFAULT,
  );
  let book: TickedBook | undefined;
  let store: TickStore | undefined;
  let feed: PriceFeed | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const emit = (fn: (l: MarketListener) => void) => {
    for (const l of listeners) fn(l);
  };

  const writeCandles = async () => {
    const dirty = candles.takeDirty();
    if (dirty.length === 0) return;
    try {
      await upsertCandles(
        db,
        dirty.map((d) => toRow(d.pair, d.interval, d.candle, instruments.get(d.pair)!)),
      );
    } catch (err) {
      candles.restoreDirty(dirty);
      throw err;
    }
    candles.written();
    windows.invalidate();
  };

  const flush = () => {
    // One write at a time, in order; a failed one must not block the ones after it.
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        await store?.flush();
        await writeCandles();
      });
    return flushing;
  };

  const onTick = (tick: Tick) => {
    const inst = instruments.get(tick.pair);
    if (!inst || tick.price <= 0n) return;
    store!.add(tick);
    for (const change of candles.apply(tick)) {
      if (change.interval === '1m') stats.get(tick.pair)!.update(change.candle, change.closed, tick.ts);
      const kline = toKline(change.candle, inst);
      emit((l) => l.kline?.(tick.pair, change.interval, kline));
    }
    const ticker = stats.get(tick.pair)!.ticker(tick.ts);
    if (ticker) emit((l) => l.ticker?.(ticker));
    book!.onTick(tick);
  };

  const backfill = (inst: Instrument, endPrice: bigint, end: number) => {
    const history = generateHistory({
      instrument: inst,
      seed,
      end,
      endPrice,
      counts: historyCounts,
    });
    return INTERVALS.flatMap((i) => history.get(i)!.map((c) => toRow(inst.symbol, i, c, inst)));
  };

  const resume = async (inst: Instrument, t: number) => {
    for (const interval of INTERVALS) {
      const [latest] = await readCandles(db, inst.symbol, interval, 1);
      if (latest && Number(latest.t) === candleOpenTime(t, interval)) {
        candles.resume(inst.symbol, interval, fromRow(latest, inst));
      }
    }
    const since = candleOpenTime(t - DAY_MS, '1m');
    const minutes = (await readCandlesSince(db, inst.symbol, '1m', since)).map((r) => fromRow(r, inst));
    const rolling = new RollingStats(inst);
    const open = candles.current(inst.symbol, '1m');
    rolling.seed(open ? minutes.filter((c) => c.t < open.t) : minutes);
    if (open) rolling.update(open, undefined, t);
    stats.set(inst.symbol, rolling);
  };

  /** Each pair's price to start from, after writing the history of any pair that has none. Its
   * own function: the backfilled rows (tens of thousands) must not share a scope with the
   * listeners `start` makes, which would keep them alive for as long as the server runs. */
  const startingPrices = async (t: number) => {
    const prices = new Map<string, bigint>();
    const history: CandleTable[] = [];
    for (const inst of instruments.values()) {
      const last = await lastTick(db, inst.symbol);
      const price = toScaled(last?.price ?? inst.startPrice, inst.pricePrecision);
      prices.set(inst.symbol, price);
      if (!(await hasCandles(db, inst.symbol))) history.push(...backfill(inst, price, t));
    }
    // One transaction for the whole backfill: a crash leaves no pair half-filled.
    if (history.length > 0) await transact(db, (trx) => upsertCandles(trx, history));
    return prices;
  };

  return {
    async start() {
      const t = now();
      for (const p of await listPairs(db)) {
        const inst = instrumentFor(p.tradecoin, p.settlecoin);
        instruments.set(inst.symbol, inst);
      }
      const startPrices = await startingPrices(t);
      for (const inst of instruments.values()) await resume(inst, t);
      store = new TickStore(db, instruments);
      book = givenBook ?? new HouseBook([...instruments.values()], seed);
      book.listen({
        depth: (pair, diff) => emit((l) => l.depth?.(pair, diff)),
        trades: (pair, trades) => emit((l) => l.trades?.(pair, trades)),
      });
      feed = makeFeed([...instruments.values()], startPrices);
      feed.start(onTick);
      timer = setInterval(() => void flush().catch(onError), flushMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
      await feed?.stop();
      await flush();
    },
    pairs: () => [...instruments.values()].map(pairInfo),
    has: (pair) => instruments.has(pair),
    tickers() {
      const t = now();
      return [...stats.values()].flatMap((s) => s.ticker(t) ?? []);
    },
    async klines(pair, interval, limit, before) {
      const inst = instruments.get(pair);
      if (!inst) return [];
      // Candles not yet in the store (the open one above all) are newer than its rows. Taken before
      // the read: a write landing meanwhile leaves each candle in one or the other.
      const unwritten = candles.unwritten(pair, interval).filter((c) => before === undefined || c.t < before);
      const stored =
        before === undefined
          ? await windows.newest(pair, interval, limit)
          : await readKlines(db, pair, interval, limit, before);
      if (unwritten.length === 0) return stored;
      const byTime = new Map<number, Kline>(stored.map((k) => [k.t, k]));
      for (const c of unwritten) byTime.set(c.t, toKline(c, inst));
      return [...byTime.values()].sort((a, b) => a.t - b.t).slice(-limit);
    },
    depth: (pair, limit) => book?.depth(pair, limit) ?? { pair, seq: 0, ts: 0, bids: [], asks: [] },
    trades: (pair, limit) => book?.trades(pair, limit) ?? [],
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flush,
  };
};
