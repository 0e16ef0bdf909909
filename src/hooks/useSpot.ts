import { useObservableState } from 'observable-hooks';
import { spot } from '../app/spotStreams';

/** Hooks over the shared spot streams (created once per key in streams/). */
export const useOpenOrders = (pair: string) => useObservableState(spot.openOrders$(pair), undefined);
export const useBalances = () => useObservableState(spot.balances$(), undefined);
