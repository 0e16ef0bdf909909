import {
  asyncScheduler,
  defer,
  distinctUntilChanged,
  map,
  retry,
  shareReplay,
  throttleTime,
  type SchedulerLike,
} from 'rxjs';
import {
  DEPTH_LIMIT_MAX,
  KLINE_LIMIT_DEFAULT,
  type DepthUpdate,
  type Interval,
  type Kline,
  type Ticker,
  type Trade,
} from '../protocol/market';
import { TICKERS_CHANNEL, depthChannel, klineChannel, tradesChannel } from '../protocol/ws';
import { keyed } from './keyed';
import type { MarketApi } from './marketApi';
import { perFrame } from './perFrame';
import {
  TRADES_KEEP,
  applyDepth,
  applyKline,
  applyTickers,
  applyTrades,
  bookFromSnapshot,
  bookLevels,
  tickerMap,
  type Book,
} from './reducers';
import { synced$ } from './synced';
import type { Transport } from './transport';

/** REST polling while the socket is down. */
const POLL_MS = { tickers: 3000, kline: 5000, depth: 3000, trades: 3000 } as const;
/** Levels a side the depth stream shows. */
const DEPTH_SHOWN = 20;

interface MarketStreamsOptions {
  transport: Transport;
  api: MarketApi;
  /** Where the per-frame coalescing runs (animation frames in a browser). */
  frameScheduler?: SchedulerLike;
  /** Where polling and retries are timed. */
  scheduler?: SchedulerLike;
}

/** The keyed, shared market streams the screens use: each created once per key. */
export const createMarketStreams = ({ transport, api, frameScheduler, scheduler }: MarketStreamsOptions) => {
  // Pairs and their precisions change only when the operator lists one: fetched once, kept.
  const pairs$ = defer(() => api.pairs()).pipe(retry({ delay: POLL_MS.tickers }), shareReplay(1));

  const tickers$ = keyed(() =>
    synced$<ReadonlyMap<string, Ticker>, Ticker[]>(
      transport,
      {
        channel: TICKERS_CHANNEL,
        load: () => api.tickers().then(tickerMap),
        apply: (state, msg) => applyTickers(state, msg.data),
        countsSeq: true,
        pollMs: POLL_MS.tickers,
      },
      scheduler,
    ).pipe(perFrame(frameScheduler)),
  );

  const ticker$ = keyed((pair: string) =>
    tickers$().pipe(
      map((m) => m.get(pair)),
      distinctUntilChanged(),
    ),
  );

  /** The tickers at most once per `ms`: for rankings and sorted lists, whose order should not
   * jump at tick rate (each row follows its own ticker$ for the live figures). */
  const tickersEvery$ = keyed((ms: number) =>
    tickers$().pipe(throttleTime(ms, scheduler ?? asyncScheduler, { leading: true, trailing: true })),
  );

  const kline$ = keyed((pair: string, interval: Interval) =>
    synced$<readonly Kline[], Kline>(
      transport,
      {
        channel: klineChannel(pair, interval),
        load: () => api.kline(pair, interval, KLINE_LIMIT_DEFAULT),
        apply: (state, msg) => applyKline(state, msg.data),
        countsSeq: true,
        pollMs: POLL_MS.kline,
        failsUntilRead: true,
      },
      scheduler,
    ),
  );

  const depth$ = keyed((pair: string) =>
    synced$<Book, DepthUpdate>(
      transport,
      {
        channel: depthChannel(pair),
        load: () => api.depth(pair, DEPTH_LIMIT_MAX).then(bookFromSnapshot),
        apply: (state, msg) => applyDepth(state, msg.seq, msg.data),
        countsSeq: false,
        pollMs: POLL_MS.depth,
      },
      scheduler,
    ).pipe(
      perFrame(frameScheduler),
      map((book) => bookLevels(book, DEPTH_SHOWN)),
    ),
  );

  const trades$ = keyed((pair: string) =>
    synced$<readonly Trade[], Trade[]>(
      transport,
      {
        channel: tradesChannel(pair),
        load: () => api.trades(pair, TRADES_KEEP),
        apply: (state, msg) => applyTrades(state, msg.data),
        countsSeq: true,
        pollMs: POLL_MS.trades,
      },
      scheduler,
    ).pipe(perFrame(frameScheduler)),
  );

  return { pairs$, tickers$, tickersEvery$, ticker$, kline$, depth$, trades$ };
};
