import { useObservableState } from 'observable-hooks';
import type { SpotOrderView } from '../../protocol/spot';
import { spot } from '../app/spotStreams';

/** Hooks over the shared spot streams (created once per key in streams/). */
export const useOpenOrders = (pair: string) => useObservableState(spot.openOrders$(pair), undefined);
export const useBalances = () => useObservableState(spot.balances$(), undefined);
/** An order as the server answered placing or cancelling it: the open orders show it at once,
 * without waiting for the socket or, while it is down, the next poll. */
export const noteOrder = (order: SpotOrderView) => spot.noteOrder(order);
