import type { DepthSnapshot, Interval, Kline, PairInfo, Ticker, Trade } from '../../protocol';
import type { MarketApi } from '../../streams/marketApi';
import { api } from './client';

// Failures here are retried or polled again by the streams; a toast per failed poll would only
// repeat what the connection indicator already says.
const quiet = { silent: true } as const;

/** Public market data under /api/market. */
export const marketApi: MarketApi = {
  pairs: () => api.get<PairInfo[]>('/market/pairs', undefined, quiet),
  tickers: () => api.get<Ticker[]>('/market/tickers', undefined, quiet),
  kline: (pair: string, interval: Interval, limit: number) =>
    api.get<Kline[]>('/market/kline', { pair, interval, limit }, quiet),
  depth: (pair: string, limit: number) => api.get<DepthSnapshot>('/market/depth', { pair, limit }, quiet),
  trades: (pair: string, limit: number) => api.get<Trade[]>('/market/trades', { pair, limit }, quiet),
};
