import { TickMarkType } from 'lightweight-charts';
import { INTERVAL_MS, type Interval } from '../../protocol/market';

export interface ChartTimeLabels {
  /** The zone the labels are read in, and whose calendar the tick marks follow (ChartTimeScale);
   * undefined for the device's. */
  timeZone: string | undefined;
  /** A time-axis label for a candle time in UTC seconds (the library's tick mark formatter). */
  tick: (seconds: number, type: TickMarkType) => string;
  /** The crosshair's label for a candle time in UTC seconds. */
  crosshair: (seconds: number) => string;
}

/**
 * The price chart's time labels in the reader's language (`tag`, from LOCALE_TAGS) and time zone
 * (`timeZone`, the device's when left out), as the trades beside the chart read.
 *
 * A mark is named as an exchange's chart names it: the first of a day by its date ("Mar 15",
 * "3月15日"), the first of a year by the year, any other by its time, so a reader scrolled back
 * across midnight can tell which day a candle is on. The marks follow the local calendar
 * (ChartTimeScale), so a "day" mark is the first candle of a local day.
 *
 * A day candle is a whole UTC day, the server's: it is named by that day, without a time (in New
 * York the candle of the 15th opens at 20:00 on the 14th, and a local date would call it the 14th),
 * and its marks follow UTC's calendar.
 */
export const chartTimeLabels = (tag: string, interval: Interval, timeZone?: string): ChartTimeLabels => {
  const daily = INTERVAL_MS[interval] >= INTERVAL_MS['1d'];
  const zone = daily ? 'UTC' : timeZone;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const date = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  const year = format({ year: 'numeric' });
  const day = format({ month: 'short', day: 'numeric' });
  const time = format(clock);
  const timeWithSeconds = format({ ...clock, second: '2-digit' });
  const crosshair = format(daily ? date : { ...date, ...clock });
  const byType: Record<TickMarkType, Intl.DateTimeFormat> = {
    [TickMarkType.Year]: year,
    [TickMarkType.Month]: day,
    [TickMarkType.DayOfMonth]: day,
    [TickMarkType.Time]: time,
    [TickMarkType.TimeWithSeconds]: timeWithSeconds,
  };

  return {
    timeZone: zone,
    tick: (seconds, type) => byType[type].format(seconds * 1000),
    crosshair: (seconds) => crosshair.format(seconds * 1000),
  };
};
