import type { DepthSnapshot, Ticker } from '../../../protocol';
import type { MarketListener } from '../../../server/market/events';
import type { Market } from '../../../server/market/market';

/** A market the test drives: it publishes exactly what the test tells it to. */
export const fakeMarket = () => {
  const listeners = new Set<MarketListener>();
  let book: DepthSnapshot = {
    pair: 'btcusdt',
    seq: 7,
    ts: 1,
    bids: [['100.00', '1.000']],
    asks: [['101.00', '2.000']],
  };
  const market: Market = {
    start: async () => undefined,
    stop: async () => undefined,
    flush: async () => undefined,
    pairs: () => [],
    has: (pair) => pair === 'btcusdt' || pair === 'ethusdt',
    tickers: () => [],
    klines: async () => [],
    depth: () => book,
    trades: () => [],
    listen(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  const each = (fn: (l: MarketListener) => void) => listeners.forEach(fn);
  return {
    market,
    listeners,
    setBook: (b: DepthSnapshot) => void (book = b),
    ticker: (t: Partial<Ticker> & { pair: string }) =>
      each((l) =>
        l.ticker?.({
          open: '1',
          high: '1',
          low: '1',
          last: '1',
          volume: '1',
          quoteVolume: '1',
          changePercent: '0.00',
          ts: 1,
          ...t,
        }),
      ),
    emit: each,
  };
};
