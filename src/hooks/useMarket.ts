import { useObservableState } from 'observable-hooks';
import { NEVER } from 'rxjs';
import { boot } from '../app/boot';
import { market, serverClock, transport } from '../app/streams';
import { useLive } from './useLive';

/** Hooks over the shared market streams. Each stream is created once per key in streams/, so these
 * only subscribe; a re-render never builds a new pipeline. Market data renders as a transition
 * (useLive); the connection state renders at once. */
// The pairs the page carried render on the first pass: a screen naming a pair needs no second one.
export const usePairs = () => useLive(market.pairs$, boot.pairs);
export const useTickers = () => useLive(market.tickers$(), undefined);
export const useTickersEvery = (ms: number) => useLive(market.tickersEvery$(ms), undefined);
/** A pair's ticker; with `live` false it keeps the last value it had and stops following (rows
 * scrolled out of sight). Right after a switch of pair the stream still holds the pair before
 * until the new one emits: that ticker is not this pair's, and a screen must not show or use it. */
export const useTicker = (pair: string, live = true) => {
  const ticker = useLive(live ? market.ticker$(pair) : NEVER, undefined);
  return ticker?.pair === pair ? ticker : undefined;
};
export const useDepth = (pair: string) => useLive(market.depth$(pair), undefined, false);
export const useTrades = (pair: string) => useLive(market.trades$(pair), undefined, false);
export const useConnection = () => useObservableState(transport.connection$, 'connecting');
export const useReconnects = () => useObservableState(transport.reconnects$, 0);
export const useServerOffset = () => useObservableState(serverClock.offset$, 0);
/** Undefined until the first pong: a screen that reports the offset itself must not report the
 * device's clock as the server's. */
export const useMeasuredServerOffset = () => useObservableState(serverClock.offset$);
