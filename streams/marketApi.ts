import type { DepthSnapshot, Interval, Kline, PairInfo, Ticker, Trade } from '../protocol/market';

/** The REST calls the market streams start from and poll; the app passes its axios client's. */
export interface MarketApi {
  pairs(): Promise<PairInfo[]>;
  tickers(): Promise<Ticker[]>;
  kline(pair: string, interval: Interval, limit: number): Promise<Kline[]>;
  depth(pair: string, limit: number): Promise<DepthSnapshot>;
  trades(pair: string, limit: number): Promise<Trade[]>;
}
