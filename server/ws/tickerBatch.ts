import type { Ticker } from '../../protocol';

/** Tickers changed since the last flush, the newest of each pair: the `tickers` channel sends one
 * batch per flush instead of one message per tick. */
export class TickerBatch {
  private pending = new Map<string, Ticker>();

  add(ticker: Ticker) {
    this.pending.set(ticker.pair, ticker);
  }

  take(): Ticker[] {
    if (this.pending.size === 0) return [];
    const batch = [...this.pending.values()];
    this.pending = new Map();
    return batch;
  }
}
