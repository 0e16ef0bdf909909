import type { Ticker } from '../../protocol';
import { quoteVolume, type Candle } from './candle';
import type { Instrument } from './instruments';
import { bigMax, bigMin, changePercent, formatScaled } from '../domain/money/scaled';

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

interface Totals {
  o: bigint;
  h: bigint;
  l: bigint;
  v: bigint;
  qv: bigint;
}

const fold = (acc: Totals | undefined, c: Candle): Totals =>
  acc
    ? { o: acc.o, h: bigMax(acc.h, c.h), l: bigMin(acc.l, c.l), v: acc.v + c.v, qv: acc.qv + c.qv }
    : { o: c.o, h: c.h, l: c.l, v: c.v, qv: c.qv };

/**
 * Rolling 24-hour statistics of one pair from its 1-minute candles: the closed ones in the window
 * are summed once per minute, and the open one is added on every tick, so a tick costs O(1).
 */
export class RollingStats {
  private closed: Candle[] = [];
  private totals: Totals | undefined;
  private open: Candle | undefined;
  private lastTs = 0;

  constructor(private readonly inst: Instrument) {}

  /** Closed 1m candles to start from (oldest first). */
  seed(candles: readonly Candle[]) {
    this.closed = [...candles];
    this.totals = undefined;
    this.recount();
  }

  /** The 1m candle after a tick, and the one the tick closed, if any. */
  update(current: Candle, closed: Candle | undefined, ts: number) {
    if (closed) {
      this.closed.push(closed);
      this.recount();
    }
    this.open = current;
    this.lastTs = Math.max(this.lastTs, ts);
  }

  ticker(now: number): Ticker | undefined {
    const from = now - DAY_MS;
    if (this.closed.length > 0 && this.closed[0]!.t < from - MINUTE_MS) this.recount(from);
    const open = this.open && this.open.t >= from ? this.open : undefined;
    const totals = open ? fold(this.totals, open) : this.totals;
    const lastCandle = open ?? this.closed[this.closed.length - 1];
    if (!totals || !lastCandle) return undefined;
    const p = this.inst.pricePrecision;
    return {
      pair: this.inst.symbol,
      open: formatScaled(totals.o, p),
      high: formatScaled(totals.h, p),
      low: formatScaled(totals.l, p),
      last: formatScaled(lastCandle.c, p),
      volume: formatScaled(totals.v, this.inst.qtyPrecision),
      quoteVolume: quoteVolume(totals.qv, this.inst),
      changePercent: changePercent(totals.o, lastCandle.c),
      ts: this.lastTs || lastCandle.t,
    };
  }

  private recount(from = this.lastTs - DAY_MS) {
    const start = this.closed.findIndex((c) => c.t >= from);
    this.closed = start < 0 ? [] : this.closed.slice(start);
    this.totals = this.closed.reduce<Totals | undefined>(fold, undefined);
  }
}
