import { TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { chartTimeLabels } from '../../../src/components/chartTimeLabels';

/** Candle times as the chart has them: UTC seconds. */
const at = (...utc: Parameters<typeof Date.UTC>) => Date.UTC(...utc) / 1000;

describe('chartTimeLabels: intraday candles in the reader’s time zone', () => {
  const tokyo = chartTimeLabels('ja-JP', '1h', 'Asia/Tokyo');

  it('labels a time mark by the local clock, in the app’s language', () => {
    expect(tokyo.tick(at(2026, 2, 15, 3), TickMarkType.Time)).toBe('12:00');
    expect(
      chartTimeLabels('en-US', '15m', 'America/New_York').tick(at(2026, 2, 15, 17, 45), TickMarkType.Time),
    ).toBe('13:45');
  });

  it('labels the first mark of a local day or month by its local date, as the language writes it', () => {
    // 15:00 UTC is midnight in Tokyo.
    expect(tokyo.tick(at(2026, 2, 14, 15), TickMarkType.DayOfMonth)).toBe('3月15日');
    expect(tokyo.tick(at(2026, 1, 28, 15), TickMarkType.Month)).toBe('3月1日');
    const dates = [
      ['en-US', 'Mar 15'],
      ['en-GB', '15 Mar'],
      ['de-DE', '15. März'],
      ['zh-CN', '3月15日'],
      ['ko-KR', '3월 15일'],
    ] as const;
    for (const [tag, label] of dates)
      expect(chartTimeLabels(tag, '4h', 'UTC').tick(at(2026, 2, 15), TickMarkType.DayOfMonth)).toBe(label);
    // India is UTC+5:30: the first hourly candle of the 15th there opens at 00:30.
    expect(
      chartTimeLabels('en-US', '1h', 'Asia/Kolkata').tick(at(2026, 2, 14, 19), TickMarkType.DayOfMonth),
    ).toBe('Mar 15');
  });

  it('labels the first mark of a local year by the year', () => {
    expect(tokyo.tick(at(2025, 11, 31, 15), TickMarkType.Year)).toBe('2026年');
  });

  it('keeps seconds where the library asks for them', () => {
    expect(tokyo.tick(at(2026, 2, 15, 3, 4, 5), TickMarkType.TimeWithSeconds)).toBe('12:04:05');
  });

  it('reads the crosshair as a local date and time', () => {
    expect(tokyo.crosshair(at(2026, 2, 15, 15, 30))).toBe('2026年3月16日 00:30');
    expect(chartTimeLabels('en-US', '1m', 'America/New_York').crosshair(at(2026, 2, 15, 2, 5))).toBe(
      'Mar 14, 2026, 22:05',
    );
  });

  it('takes the device’s time zone when none is given, and says so', () => {
    const t = at(2026, 2, 15, 3, 4);
    const local = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const labels = chartTimeLabels('fr-FR', '5m');
    expect(labels.tick(t, TickMarkType.Time)).toBe(local.format(t * 1000));
    expect(labels.timeZone).toBeUndefined();
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
  });
});

describe('chartTimeLabels: day candles', () => {
  it('names a day candle by its own (UTC) day, with no time, wherever the reader is', () => {
    // The candle of 15 March opens at 20:00 on the 14th in New York: still the 15th's.
    const newYork = chartTimeLabels('en-US', '1d', 'America/New_York');
    expect(newYork.timeZone).toBe('UTC');
    expect(newYork.crosshair(at(2026, 2, 15))).toBe('Mar 15, 2026');
    expect(newYork.tick(at(2026, 2, 15), TickMarkType.DayOfMonth)).toBe('Mar 15');
    expect(newYork.tick(at(2026, 2, 1), TickMarkType.Month)).toBe('Mar 1');
    expect(newYork.tick(at(2026, 0, 1), TickMarkType.Year)).toBe('2026');
    const tokyo = chartTimeLabels('ja-JP', '1d', 'Asia/Tokyo');
    expect(tokyo.crosshair(at(2026, 2, 15))).toBe('2026年3月15日');
    expect(tokyo.tick(at(2026, 2, 15), TickMarkType.DayOfMonth)).toBe('3月15日');
  });
});
