import {
  TickMarkType,
  defaultHorzScaleBehavior,
  type IHorzScaleBehavior,
  type LocalizationOptions,
  type Mutable,
  type TickMark,
  type Time,
  type TimeScalePoint,
  type UTCTimestamp,
} from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { ChartTimeScale } from '../../../src/components/chartTimeScale';

const HOUR = 3600;
/** Candle times as the chart has them: UTC seconds. */
const at = (...utc: Parameters<typeof Date.UTC>) => Date.UTC(...utc) / 1000;
const candles = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i * step);

/** The time scale's points for `times`, weighed by `scale` from `startIndex` on. */
const weighed = (scale: IHorzScaleBehavior<Time>, times: number[], startIndex = 0) => {
  const points = times.map((t): Mutable<TimeScalePoint> => ({
    time: scale.convertHorzItemToInternal(t as UTCTimestamp),
    originalTime: t,
    timeWeight: 0 as TimeScalePoint['timeWeight'],
  }));
  scale.fillWeightsForPoints(points, startIndex);
  return points;
};

/** What the library names each mark: the TickMarkType its formatter is called with. */
const markTypes = (scale: ChartTimeScale, times: number[]) => {
  scale.setOptions({
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: (_: Time, type: TickMarkType) => TickMarkType[type],
    },
    localization: { locale: 'en-US', dateFormat: 'yyyy-MM-dd' },
  } as unknown as ReturnType<ChartTimeScale['options']>);
  const localization = { locale: 'en-US' } as LocalizationOptions<Time>;
  return new Map(
    weighed(scale, times).map((p) => [
      new Date((p.originalTime as number) * 1000).toISOString().slice(5, 16),
      scale.formatTickmark(
        { weight: p.timeWeight, time: p.time, originalTime: p.originalTime } as TickMark,
        localization,
      ),
    ]),
  );
};

const zoned = (timeZone: string | undefined) => {
  const scale = new ChartTimeScale();
  scale.setTimeZone(timeZone);
  return scale;
};

describe('ChartTimeScale', () => {
  it('weighs marks in UTC as the library itself does', () => {
    const Library = defaultHorzScaleBehavior();
    for (const times of [
      candles(at(2025, 11, 31, 22), 60, 300),
      candles(at(2026, 1, 27, 20), 15 * 60, 200),
      candles(at(2026, 2, 10), HOUR, 500),
      candles(at(2025, 10, 20), 24 * HOUR, 60),
    ]) {
      const ours = weighed(zoned('UTC'), times).map((p) => p.timeWeight);
      expect(ours).toEqual(weighed(new Library(), times).map((p) => p.timeWeight));
    }
  });

  it('makes the first candle of each local day a day mark, not the one at midnight UTC', () => {
    // Tokyo is UTC+9: its midnight is 15:00 UTC, and 00:00 UTC reads 09:00.
    const types = markTypes(zoned('Asia/Tokyo'), candles(at(2026, 2, 14, 12), HOUR, 24));
    expect(types.get('03-14T15:00')).toBe('DayOfMonth');
    expect(types.get('03-15T00:00')).toBe('Time');
    expect([...types.values()].filter((t) => t !== 'Time')).toEqual(['DayOfMonth']);
  });

  it('gives the mark to the first candle after midnight where none opens at it', () => {
    // India is UTC+5:30: 18:00 UTC is 23:30 there, 19:00 UTC is 00:30 on the next day.
    const types = markTypes(zoned('Asia/Kolkata'), candles(at(2026, 2, 14, 12), HOUR, 14));
    expect(types.get('03-14T19:00')).toBe('DayOfMonth');
    expect(types.get('03-15T00:00')).toBe('Time');
  });

  it('names a local month’s and year’s first candle Month and Year', () => {
    const tokyo = zoned('Asia/Tokyo');
    expect(markTypes(tokyo, candles(at(2026, 1, 28, 12), HOUR, 6)).get('02-28T15:00')).toBe('Month');
    expect(markTypes(tokyo, candles(at(2025, 11, 31, 12), HOUR, 6)).get('12-31T15:00')).toBe('Year');
  });

  it('follows summer time: midnight in Berlin is 23:00 UTC in winter, 22:00 in summer', () => {
    const berlin = zoned('Europe/Berlin');
    expect(markTypes(berlin, candles(at(2026, 0, 14, 20), HOUR, 6)).get('01-14T23:00')).toBe('DayOfMonth');
    expect(markTypes(berlin, candles(at(2026, 6, 14, 20), HOUR, 6)).get('07-14T22:00')).toBe('DayOfMonth');
  });

  it('weighs candles added to the end against the one before them', () => {
    const times = candles(at(2026, 2, 14, 12), HOUR, 6);
    const tokyo = zoned('Asia/Tokyo');
    const whole = weighed(tokyo, times).map((p) => p.timeWeight);
    expect(
      weighed(tokyo, times, 3)
        .slice(3)
        .map((p) => p.timeWeight),
    ).toEqual(whole.slice(3));
  });

  it('reads the device’s zone when given none, as it reads the same zone named', () => {
    const device = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const times = candles(at(2026, 2, 7, 20), HOUR, 60);
      const named = weighed(zoned('America/New_York'), times).map((p) => p.timeWeight);
      expect(weighed(zoned(undefined), times).map((p) => p.timeWeight)).toEqual(named);
      // Summer time began on 8 March at 07:00 UTC: the next midnight is 04:00 UTC, not 05:00.
      expect(markTypes(zoned(undefined), times).get('03-09T04:00')).toBe('DayOfMonth');
    } finally {
      if (device === undefined) delete process.env.TZ;
      else process.env.TZ = device;
    }
  });

  it('takes the zone it is given afresh, for the next candles weighed', () => {
    const scale = zoned('Asia/Tokyo');
    const times = candles(at(2026, 2, 14, 12), HOUR, 24);
    expect(markTypes(scale, times).get('03-14T15:00')).toBe('DayOfMonth');
    scale.setTimeZone('UTC');
    expect(markTypes(scale, times).get('03-14T15:00')).toBe('Time');
    expect(markTypes(scale, times).get('03-15T00:00')).toBe('DayOfMonth');
  });
});
