import type { DepthLevel, DepthSnapshot } from '../../../protocol';
import { parseExact } from '../../domain/money/scaled';
import type { DepthDiff } from '../../market/book';

type Side = Map<bigint, DepthLevel>;

/**
 * A copy of one book's depth kept from its snapshot and diffs (absolute level sizes), as any
 * subscriber of `depth.<pair>` keeps one: whoever owns the book is on another thread, and the
 * depth REST call and the socket's first snapshot are answered from here without asking it.
 * A diff that does not follow the copy (a rebuilt book restarts the chain) asks for a snapshot.
 */
export class DepthMirror {
  private seq = 0;
  private ts = 0;
  private readonly sides: { bids: Side; asks: Side } = { bids: new Map(), asks: new Map() };
  /** Each side's prices sorted best first, made again only after a change. */
  private sorted: { bids: bigint[] | undefined; asks: bigint[] | undefined } = {
    bids: undefined,
    asks: undefined,
  };
  private resyncing = false;

  constructor(
    private readonly pair: string,
    private readonly pricePrecision: number,
    private readonly askSnapshot: () => void,
  ) {}

  /** Replaces the copy; diffs that do not follow it are dropped until the next snapshot. */
  reset(snap: DepthSnapshot) {
    this.seq = snap.seq;
    this.ts = snap.ts;
    this.sides.bids.clear();
    this.sides.asks.clear();
    this.sorted = { bids: undefined, asks: undefined };
    this.put('bids', snap.bids);
    this.put('asks', snap.asks);
    this.resyncing = false;
  }

  apply(diff: DepthDiff) {
    // Already in the snapshot: it was taken after the batch ended, before its diff was sent.
    if (this.resyncing || diff.seq <= this.seq) return;
    if (diff.prev !== this.seq) {
      this.resyncing = true;
      this.askSnapshot();
      return;
    }
    this.seq = diff.seq;
    this.ts = diff.ts;
    this.put('bids', diff.bids);
    this.put('asks', diff.asks);
  }

  snapshot(limit: number): DepthSnapshot {
    return {
      pair: this.pair,
      seq: this.seq,
      ts: this.ts,
      bids: this.top('bids', limit),
      asks: this.top('asks', limit),
    };
  }

  private put(side: 'bids' | 'asks', levels: readonly DepthLevel[]) {
    if (levels.length === 0) return;
    const map = this.sides[side];
    for (const level of levels) {
      const price = parseExact(level[0], this.pricePrecision);
      if (price === null) continue;
      if (parseExact(level[1], 30) === 0n) map.delete(price);
      else map.set(price, level);
    }
    this.sorted[side] = undefined;
  }

  private top(side: 'bids' | 'asks', limit: number): DepthLevel[] {
    const map = this.sides[side];
    const prices = (this.sorted[side] ??= [...map.keys()].sort((a, b) =>
      side === 'bids' ? (a > b ? -1 : a < b ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0,
    ));
    return prices.slice(0, limit).map((p) => map.get(p)!);
  }
}
