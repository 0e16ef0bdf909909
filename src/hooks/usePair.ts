import { usePairs } from './useMarket';

/** A pair's display name (`BTC/USDT`), its symbol in capitals until the pairs are known. */
export const usePairName = (symbol: string) =>
  usePairs()?.find((p) => p.symbol === symbol)?.name ?? symbol.toUpperCase();
