import { useObservableState } from 'observable-hooks';
import type { SpotOrderView } from '../../protocol/spot';
import { spot } from '../app/spotStreams';
import { currentUser } from '../state/session';
import { useLive } from './useLive';
import { useLogin } from './useLogin';

// Hooks over the shared spot streams (created once per key in streams/), each of the login in.

/** A pair's open orders; none until its own arrive after a switch of pair, as with the book and the
 * trades: the pair before's, with working cancel buttons, must not stand under the next pair's name. */
export const useOpenOrders = (pair: string) => useLive(spot.openOrders$(useLogin(), pair), undefined, false);
export const useBalances = () => useObservableState(spot.balances$(useLogin()), undefined);
/** An order as the server answered placing or cancelling it: the open orders show it at once,
 * without waiting for the socket or, while it is down, the next poll. */
export const noteOrder = (order: SpotOrderView) => spot.noteOrder(currentUser()?.token ?? '', order);
