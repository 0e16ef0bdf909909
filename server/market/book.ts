import type { DepthLevel, DepthSnapshot, Trade } from '../../protocol';

/** A change of the book: the levels whose size changed (absolute; `'0'` removes), as update `seq`
 * applied to update `prev`. */
export interface DepthDiff {
  seq: number;
  prev: number;
  ts: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface BookListener {
  depth(pair: string, diff: DepthDiff): void;
  trades(pair: string, trades: Trade[]): void;
}

/**
 * Where order-book depth and prints come from. Until the spot engine exists, the house quotes
 * around the reference price (houseBook.ts); the matching engine will implement this same
 * interface, and nothing above it changes.
 */
export interface BookSource {
  depth(pair: string, limit: number): DepthSnapshot;
  trades(pair: string, limit: number): Trade[];
  listen(listener: BookListener): () => void;
}
