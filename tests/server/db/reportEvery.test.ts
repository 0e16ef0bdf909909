import { describe, expect, it } from 'vitest';
import { reportEvery } from '../../../server/db/reportEvery';

describe('reportEvery', () => {
  it('lets the first report through, holds back the rest of the interval, then tells how many it held', () => {
    let now = 0;
    const due = reportEvery(1000, () => now);
    expect(due()).toBe(0);
    now = 400;
    expect(due()).toBeUndefined();
    now = 999;
    expect(due()).toBeUndefined();
    now = 1000;
    expect(due()).toBe(2);
    now = 5000;
    expect(due()).toBe(0);
  });

  it('lets every report through with no interval', () => {
    const due = reportEvery(0, () => 7);
    expect([due(), due(), due()]).toEqual([0, 0, 0]);
  });
});
