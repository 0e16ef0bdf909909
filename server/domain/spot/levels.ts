/** What the ladder orders by: `key` rises from the worst level to the best (a bid's price, an
 * ask's price negated), so both sides share one ordering. */
interface Keyed {
  readonly key: number;
}

/** Levels a block holds before it splits. Small enough that shifting within a block is a short
 * copy, large enough that the blocks themselves stay few. */
const BLOCK = 64;

/**
 * One side's price levels in order: a sorted list of small sorted blocks. Placing or removing a
 * level anywhere costs a binary search and a copy within one block, where a single sorted array
 * would shift every level behind it; the best level is the last of the last block.
 */
export class PriceLadder<L extends Keyed> {
  private readonly blocks: L[][] = [];
  private count = 0;

  get size() {
    return this.count;
  }

  best(): L | undefined {
    const last = this.blocks[this.blocks.length - 1];
    return last?.[last.length - 1];
  }

  insert(level: L): void {
    this.count += 1;
    if (this.blocks.length === 0) {
      this.blocks.push([level]);
      return;
    }
    const b = this.blockFor(level.key);
    const block = this.blocks[b]!;
    insertAt(block, lowerBound(block, level.key), level);
    if (block.length > BLOCK) insertAt(this.blocks, b + 1, block.splice(BLOCK >> 1));
  }

  remove(level: L): void {
    const last = this.blocks[this.blocks.length - 1]!;
    // Most often the level emptied is the best one, taken by a taker.
    if (last[last.length - 1] === level) {
      last.pop();
      if (last.length === 0) this.blocks.pop();
    } else {
      const b = this.blockFor(level.key);
      const block = this.blocks[b]!;
      const i = lowerBound(block, level.key);
      if (block[i] !== level) throw new Error(`level ${level.key} is not in the ladder`);
      removeAt(block, i);
      if (block.length === 0) removeAt(this.blocks, b);
    }
    this.count -= 1;
  }

  /** Up to `limit` levels from the best outward, of those `include` accepts. */
  fromBest(limit = Infinity, include: (level: L) => boolean = everyLevel): L[] {
    const out: L[] = [];
    for (let b = this.blocks.length - 1; b >= 0; b--) {
      const block = this.blocks[b]!;
      for (let i = block.length - 1; i >= 0; i--) {
        if (out.length >= limit) return out;
        if (include(block[i]!)) out.push(block[i]!);
      }
    }
    return out;
  }

  /** Removes every level `keep` refuses, handing each to `dropped`: one pass over the ladder. */
  retain(keep: (level: L) => boolean, dropped: (level: L) => void): void {
    let blocks = 0;
    this.count = 0;
    for (const block of this.blocks) {
      let kept = 0;
      for (const level of block) {
        if (keep(level)) block[kept++] = level;
        else dropped(level);
      }
      block.length = kept;
      this.count += kept;
      if (kept > 0) this.blocks[blocks++] = block;
    }
    this.blocks.length = blocks;
  }

  /** The block that holds `key` or would: the first whose last key is not below it. */
  private blockFor(key: number): number {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = blocks[mid]!;
      if (block[block.length - 1]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const everyLevel = () => true;

// Array.prototype.splice returns a new array of what it removed, even when nothing was: on the
// engine's hot path that would be garbage on every order.
const insertAt = <T>(a: T[], i: number, value: T) => {
  let j = a.length;
  a.push(value);
  for (; j > i; j--) a[j] = a[j - 1]!;
  a[i] = value;
};

const removeAt = <T>(a: T[], i: number) => {
  for (let j = i + 1; j < a.length; j++) a[j - 1] = a[j]!;
  a.pop();
};

const lowerBound = <L extends Keyed>(block: L[], key: number): number => {
  let lo = 0;
  let hi = block.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (block[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
