import { usePairs } from './useMarket';

/** A pair's market data by its symbol; undefined until the pairs are known (or when `symbol` is). */
export const usePair = (symbol: string | undefined) => usePairs()?.find((p) => p.symbol === symbol);

/** A pair's display name (`BTC/USDT`), its symbol in capitals until the pairs are known. */
export const usePairName = (symbol: string) => usePair(symbol)?.name ?? symbol.toUpperCase();
