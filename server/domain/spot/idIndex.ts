const EMPTY = -1;

/**
 * Values by non-negative integer key (an order id, a price in ticks) in an open-addressing table
 * that allocates nothing once it has grown to the book's size. A JavaScript Map keyed by ever
 * rising order ids rebuilds its table as deleted entries pile up: about 60 bytes of garbage for
 * every order that rests and leaves, which the collector then stops the engine to clear.
 * Linear probing; a delete shifts the entries behind it back, so there are no tombstones.
 */
export class IdIndex<V> {
  private keys = new Float64Array(16).fill(EMPTY);
  private vals: Array<V | undefined> = new Array<V | undefined>(16).fill(undefined);
  private mask = 15;
  /** 32 minus the table's size in bits: the hash's top bits pick the slot. */
  private shift = 28;
  private count = 0;

  get size() {
    return this.count;
  }

  get(key: number): V | undefined {
    const i = this.find(key);
    return i < 0 ? undefined : this.vals[i];
  }

  has(key: number): boolean {
    return this.find(key) >= 0;
  }

  set(key: number, value: V): void {
    // A negative key would read as an empty slot and corrupt the table: refused, loudly.
    if (!(key >= 0)) throw new RangeError(`IdIndex keys are non-negative, got ${key}`);
    let i = this.home(key);
    while (this.keys[i] !== EMPTY && this.keys[i] !== key) i = (i + 1) & this.mask;
    if (this.keys[i] === EMPTY) {
      this.keys[i] = key;
      this.count += 1;
    }
    this.vals[i] = value;
    if (this.count * 2 > this.mask) this.grow();
  }

  delete(key: number): boolean {
    let i = this.find(key);
    if (i < 0) return false;
    // Pull back every entry of the run behind i that may sit at i (its home is not in (i, j]).
    for (let j = (i + 1) & this.mask; this.keys[j] !== EMPTY; j = (j + 1) & this.mask) {
      const home = this.home(this.keys[j]!);
      const stays = i <= j ? i < home && home <= j : i < home || home <= j;
      if (stays) continue;
      this.keys[i] = this.keys[j]!;
      this.vals[i] = this.vals[j];
      i = j;
    }
    this.keys[i] = EMPTY;
    this.vals[i] = undefined;
    this.count -= 1;
    return true;
  }

  *values(): IterableIterator<V> {
    for (let i = 0; i <= this.mask; i++) if (this.keys[i] !== EMPTY) yield this.vals[i]!;
  }

  private home(key: number) {
    // Fibonacci hashing (both 32-bit halves of the key): rising ids and prices in steps of any
    // size spread over the table.
    return Math.imul((key | 0) ^ ((key / 0x1_0000_0000) | 0), 0x9e3779b1) >>> this.shift;
  }

  private find(key: number) {
    for (let i = this.home(key); this.keys[i] !== EMPTY; i = (i + 1) & this.mask)
      if (this.keys[i] === key) return i;
    return -1;
  }

  private grow() {
    const { keys, vals } = this;
    this.mask = this.mask * 2 + 1;
    this.shift -= 1;
    this.keys = new Float64Array(this.mask + 1).fill(EMPTY);
    this.vals = new Array<V | undefined>(this.mask + 1).fill(undefined);
    this.count = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.set(keys[i]!, vals[i]!);
  }
}
