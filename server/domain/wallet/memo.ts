import { memoRequired } from '../../../protocol';
import type { NetworkConfig } from './types';

/**
 * The memo a user's deposits on a network carry. Where the deposit address is shared (a memo
 * network such as XRP), a memo shared too would leave the operator no way to tell whose a deposit
 * is: the operator's memo is the first of a range of destination tags, and each user's tag is that
 * base plus their id (a base that is not a number, a text memo, is followed by the id instead).
 */
export const depositMemo = (net: NetworkConfig, userId: number): string => {
  if (!memoRequired(net.network)) return net.memo;
  return /^\d{1,9}$/.test(net.memo) ? String(Number(net.memo) + userId) : `${net.memo}${userId}`;
};
