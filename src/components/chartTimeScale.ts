import {
  defaultHorzScaleBehavior,
  type Mutable,
  type TickMarkWeightValue,
  type TimeScalePoint,
} from 'lightweight-charts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// The library's weights of a tick mark (its TickMarkWeight, which it does not export; the version
// is pinned, and tests/src/components/chartTimeScale.test.ts holds them to its own in UTC). Where
// marks would crowd, the heavier is kept, and the weight is what names a mark's TickMarkType.
const YEAR = 70;
const MONTH = 60;
const DAY = 50;
/** Within a day: the longest of these spans whose boundary lies between two candles, and its weight. */
const WITHIN_DAY: ReadonlyArray<readonly [span: number, weight: number]> = [
  [12 * HOUR, 33],
  [6 * HOUR, 32],
  [3 * HOUR, 31],
  [HOUR, 30],
  [30 * MINUTE, 22],
  [5 * MINUTE, 21],
  [MINUTE, 20],
  [SECOND, 10],
];

/** A time (UTC milliseconds) as a clock in `timeZone` (the device's when left out) reads it,
 * written as the UTC time of the same figures: its UTC year, month, day and hours are the zone's. */
const wallClock = (timeZone: string | undefined): ((ms: number) => number) => {
  // The device's zone, the one the app shows: Date knows its offset at any time, at a tenth of
  // what Intl takes, and every candle is read on each setData (1 500 of them on 1-minute candles).
  if (timeZone === undefined) return (ms) => ms - new Date(ms).getTimezoneOffset() * MINUTE;
  // Read in one fixed locale: only the numbers matter here.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return (ms: number) => {
    const n: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const p of parts.formatToParts(ms)) if (p.type !== 'literal') n[p.type] = Number(p.value);
    return Date.UTC(n.year!, n.month! - 1, n.day!, n.hour!, n.minute!, n.second!);
  };
};

/** The weight of a candle's mark after the candle before it, both as the wall clock reads them. */
const weightOf = (at: number, before: number) => {
  const a = new Date(at);
  const b = new Date(before);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return YEAR;
  if (a.getUTCMonth() !== b.getUTCMonth()) return MONTH;
  if (a.getUTCDate() !== b.getUTCDate()) return DAY;
  const span = WITHIN_DAY.find(([s]) => Math.floor(at / s) !== Math.floor(before / s));
  return span ? span[1] : 0;
};

/**
 * The chart's time scale with its tick marks weighed by the calendar of a time zone, not by UTC's
 * as the library's own: the first candle of each local day is a "day" mark, the heaviest of its
 * neighbours, so the library keeps a mark there and names it DayOfMonth (Month, Year on the 1st),
 * and the hours between fall on the local 3, 6 and 12 o'clock. In Tokyo the library put its day
 * mark at 09:00 and, on hourly candles spaced every six hours, never one at local midnight; where
 * midnight falls between candles (India, on the half hour) none opens there, and the first after
 * it takes the mark. The candles themselves stay the server's, on UTC boundaries.
 */
export class ChartTimeScale extends defaultHorzScaleBehavior() {
  private wall = wallClock(undefined);

  /** The zone whose calendar the marks follow (the device's when left out): weighed again with
   * the next `setData`. */
  setTimeZone(timeZone: string | undefined) {
    this.wall = wallClock(timeZone);
  }

  override fillWeightsForPoints(points: readonly Mutable<TimeScalePoint>[], startIndex: number) {
    const msOf = (i: number) => (points[i]!.originalTime as number) * SECOND;
    const set = (i: number, at: number, before: number) => {
      points[i]!.timeWeight = weightOf(at, before) as TickMarkWeightValue;
    };
    let before = startIndex > 0 ? this.wall(msOf(startIndex - 1)) : undefined;
    for (let i = startIndex; i < points.length; i++) {
      const at = this.wall(msOf(i));
      if (before !== undefined) set(i, at, before);
      before = at;
    }
    // The first candle has none before it: weighed, as the library does, against one a usual step
    // earlier.
    if (startIndex === 0 && points.length > 1) {
      const step = (msOf(points.length - 1) - msOf(0)) / (points.length - 1);
      set(0, this.wall(msOf(0)), this.wall(msOf(0) - step));
    }
  }
}
