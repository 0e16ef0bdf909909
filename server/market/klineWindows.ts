import type { Interval, Kline } from '../../protocol';

type ReadKlines = (pair: string, interval: Interval, limit: number) => Promise<Kline[]>;

/**
 * The newest stored candles of each pair and interval, kept from one write of the candles to the
 * next. Every chart opens with the same read (the newest few hundred candles), and the rows only
 * change when a write lands, about once a second, so one read serves every chart opened meanwhile.
 * One window of `size` candles per pair and interval, whatever limits are asked for: a longer one
 * reads through, so what is kept stays bounded by the listed pairs.
 */
export class KlineWindows {
  private readonly windows = new Map<string, Promise<Kline[]>>();

  constructor(
    private readonly read: ReadKlines,
    private readonly size: number,
  ) {}

  /** The newest `limit` stored candles, oldest first. */
  async newest(pair: string, interval: Interval, limit: number): Promise<Kline[]> {
    if (limit > this.size) return this.read(pair, interval, limit);
    const key = `${pair}|${interval}`;
    let window = this.windows.get(key);
    if (!window) {
      const reading = this.read(pair, interval, this.size);
      window = reading;
      this.windows.set(key, reading);
      // A failed read is not kept: the next chart tries again.
      reading.catch(() => {
        if (this.windows.get(key) === reading) this.windows.delete(key);
      });
    }
    // A copy: every caller gets an array of its own, the window stays as read.
    return (await window).slice(-limit);
  }

  /** A write of the candles landed: every window read before it may be out of date. */
  invalidate() {
    this.windows.clear();
  }
}
