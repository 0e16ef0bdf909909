import { describe, expect, it } from 'vitest';
import { isSuppressedToday, rememberChoice } from '../../../src/state/noticeSuppression';

describe('"not shown today"', () => {
  it('is off until chosen', () => {
    expect(isSuppressedToday(new Date(2026, 10, 21))).toBe(false);
  });

  it('hides for the rest of the same day of month, stored as notShownToday and lastDate', () => {
    rememberChoice(true, new Date(2026, 10, 21, 9));
    expect(localStorage.getItem('notShownToday')).toBe('2026-11-21');
    expect(localStorage.getItem('lastDate')).toBe('21');
    expect(isSuppressedToday(new Date(2026, 10, 21, 23, 59))).toBe(true);
  });

  it('shows again when the day of month changes', () => {
    rememberChoice(true, new Date(2026, 10, 21));
    expect(isSuppressedToday(new Date(2026, 10, 22))).toBe(false);
  });

  it('keeps showing when acknowledged without the tick', () => {
    rememberChoice(false, new Date(2026, 10, 21));
    expect(isSuppressedToday(new Date(2026, 10, 21))).toBe(false);
  });

  it('shows again on the same day of another month', () => {
    rememberChoice(true, new Date(2026, 11, 5, 9));
    expect(isSuppressedToday(new Date(2027, 0, 5, 9))).toBe(false);
    expect(isSuppressedToday(new Date(2027, 11, 5, 9))).toBe(false);
  });

  it('shows again for a tick stored as "true" before the day was kept whole', () => {
    localStorage.setItem('notShownToday', 'true');
    localStorage.setItem('lastDate', '21');
    expect(isSuppressedToday(new Date(2026, 10, 21))).toBe(false);
  });
});
