/** What changed since the last flush, the newest value of each key, in the order the keys first
 * changed: a fast channel sends one batch per flush instead of one message per tick. */
export class LatestBatch<V> {
  private pending = new Map<string, V>();

  add(key: string, value: V) {
    this.pending.set(key, value);
  }

  take(): V[] {
    if (this.pending.size === 0) return [];
    const batch = [...this.pending.values()];
    this.pending = new Map();
    return batch;
  }
}
