import type { Interval, Kline, Ticker, Trade } from '../../protocol';
import type { DepthDiff } from './book';

/** What the market publishes as it happens; the WebSocket gateway frames these for its channels. */
export interface MarketListener {
  ticker?(ticker: Ticker): void;
  kline?(pair: string, interval: Interval, kline: Kline): void;
  depth?(pair: string, diff: DepthDiff): void;
  trades?(pair: string, trades: Trade[]): void;
}
