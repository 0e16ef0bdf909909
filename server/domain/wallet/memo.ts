import { DESTINATION_TAG_MAX, memoRequired } from '../../../protocol';
import type { NetworkConfig } from './types';

const TAGS = BigInt(DESTINATION_TAG_MAX) + 1n;

/**
 * The memo a user's deposits on a network carry. Where the deposit address is shared (a memo
 * network such as XRP), a memo shared too would leave the operator no way to tell whose a deposit
 * is: the operator's memo is the first of a range of destination tags, and each user's tag is that
 * base plus their id (a base that is not a number, a text memo, is followed by the id instead).
 * The range wraps round past the largest tag a payment carries rather than run out of it: from a
 * base near the top the next users' tags start again at 0, and every id below 2^32 (all that
 * PostgreSQL's serial ids reach) still has a tag no other id has.
 */
export const depositMemo = (net: NetworkConfig, userId: number): string => {
  if (!memoRequired(net.network)) return net.memo;
  return /^\d+$/.test(net.memo) ? String((BigInt(net.memo) + BigInt(userId)) % TAGS) : `${net.memo}${userId}`;
};
