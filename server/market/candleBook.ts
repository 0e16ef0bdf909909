import { INTERVALS, type Interval } from '../../protocol';
import { applyTick, type Candle } from './candle';
import type { Tick } from './feed';

const key = (pair: string, interval: Interval) => `${pair}|${interval}`;

interface CandleChange {
  interval: Interval;
  candle: Candle;
  closed?: Candle;
}

type Dirty = Map<string, { pair: string; interval: Interval; candle: Candle }>;

/**
 * The open candle of every pair and interval, kept in memory and updated per tick; candles changed
 * since the last write are collected so the store writes each at most once per flush.
 */
export class CandleBook {
  private readonly open = new Map<string, Candle>();
  private dirty: Dirty = new Map();
  /** What the write under way holds: not in the store until it lands. */
  private writing: Dirty = new Map();

  /** Resumes from a stored candle (after a restart the newest one may still be open). */
  resume(pair: string, interval: Interval, candle: Candle) {
    const k = key(pair, interval);
    const existing = this.open.get(k);
    if (!existing || existing.t <= candle.t) this.open.set(k, candle);
  }

  apply(tick: Tick): CandleChange[] {
    const changes: CandleChange[] = [];
    for (const interval of INTERVALS) {
      const k = key(tick.pair, interval);
      const before = this.open.get(k);
      const step = applyTick(before, interval, tick);
      if (step.current === before) continue;
      this.open.set(k, step.current);
      if (step.closed) this.markDirty(tick.pair, interval, step.closed);
      this.markDirty(tick.pair, interval, step.current);
      changes.push({ interval, candle: step.current, ...(step.closed ? { closed: step.closed } : {}) });
    }
    return changes;
  }

  current(pair: string, interval: Interval): Candle | undefined {
    return this.open.get(key(pair, interval));
  }

  /** Candles of a pair and interval not yet in the store, oldest first (the open one last): those
   * changed since the last write was handed over, and those of the write under way. */
  unwritten(pair: string, interval: Interval): Candle[] {
    const byTime = new Map<number, Candle>();
    for (const changes of [this.writing, this.dirty]) {
      for (const d of changes.values())
        if (d.pair === pair && d.interval === interval) byTime.set(d.candle.t, d.candle);
    }
    return [...byTime.values()].sort((a, b) => a.t - b.t);
  }

  /** Hands over everything changed since the last call, for a write; until `written` or
   * `restoreDirty` says how it ended, `unwritten` still shows it. */
  takeDirty() {
    this.writing = this.dirty;
    this.dirty = new Map();
    return [...this.writing.values()];
  }

  /** The write of what `takeDirty` handed over landed. */
  written() {
    this.writing = new Map();
  }

  /** Puts back what a failed write could not store, unless newer values arrived meanwhile. */
  restoreDirty(entries: ReturnType<CandleBook['takeDirty']>) {
    for (const e of entries) {
      const k = `${key(e.pair, e.interval)}|${e.candle.t}`;
      if (!this.dirty.has(k)) this.dirty.set(k, e);
    }
    this.writing = new Map();
  }

  private markDirty(pair: string, interval: Interval, candle: Candle) {
    this.dirty.set(`${key(pair, interval)}|${candle.t}`, { pair, interval, candle });
  }
}
