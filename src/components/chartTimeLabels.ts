import { TickMarkType } from 'lightweight-charts';
import { INTERVAL_MS, type Interval } from '../../protocol/market';

export interface ChartTimeLabels {
  /** A time-axis label for a candle time in UTC seconds (the library's tick mark formatter). */
  tick: (seconds: number, type: TickMarkType) => string;
  /** The crosshair's label for a candle time in UTC seconds. */
  crosshair: (seconds: number) => string;
}

/**
 * The price chart's time labels in the reader's language (`tag`, from LOCALE_TAGS) and time zone
 * (`timeZone`, the device's when left out), as the trades beside the chart read.
 *
 * Only the labels are local: candles stay the server's, opening on UTC boundaries, and the library
 * still places its tick marks by UTC. So a mark is named by the local clock, not by the kind the
 * library gave it: its "new day" mark at 00:00 UTC is 09:00 in Tokyo and reads so, and the mark
 * that falls on local midnight reads as the date there.
 *
 * A day candle is a whole UTC day, the server's: it is named by that day, without a time (in New
 * York the candle of the 15th opens at 20:00 on the 14th, and a local date would call it the 14th).
 */
export const chartTimeLabels = (tag: string, interval: Interval, timeZone?: string): ChartTimeLabels => {
  const daily = INTERVAL_MS[interval] >= INTERVAL_MS['1d'];
  const zone = daily ? 'UTC' : timeZone;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const date = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  const year = format({ year: 'numeric' });
  const month = format({ month: 'short' });
  const day = format({ day: 'numeric' });
  const time = format(clock);
  const timeWithSeconds = format({ ...clock, second: '2-digit' });
  const crosshair = format(daily ? date : { ...date, ...clock });
  // Read in one fixed locale: only the numbers matter here.
  const wall = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const wallClock = (ms: number) => {
    const n: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const p of wall.formatToParts(ms)) if (p.type !== 'literal') n[p.type] = Number(p.value);
    return n;
  };

  return {
    tick: (seconds, type) => {
      const ms = seconds * 1000;
      if (type === TickMarkType.TimeWithSeconds) return timeWithSeconds.format(ms);
      const at = wallClock(ms);
      if (at.hour !== 0 || at.minute !== 0 || at.second !== 0) return time.format(ms);
      if (at.day !== 1) return day.format(ms);
      return at.month === 1 ? year.format(ms) : month.format(ms);
    },
    crosshair: (seconds) => crosshair.format(seconds * 1000),
  };
};
