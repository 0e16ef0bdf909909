import { describe, expect, it } from 'vitest';
import { freshFor } from '../../../server/http/freshFor';

describe('a read kept fresh for a while', () => {
  it('asks once per key within the time, and again after it', async () => {
    let now = 0;
    const asked: string[] = [];
    const read = freshFor(
      1000,
      async (key: string) => {
        asked.push(key);
        return `${key}@${now}`;
      },
      () => now,
    );
    expect(await read('us')).toBe('us@0');
    now = 999;
    expect(await read('us')).toBe('us@0');
    expect(await read('de')).toBe('de@999');
    now = 1000;
    expect(await read('us')).toBe('us@1000');
    expect(asked).toEqual(['us', 'de', 'us']);
  });

  it('keeps no failure: the next request asks again', async () => {
    let fail = true;
    const read = freshFor(1000, async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(read(null)).rejects.toThrow('down');
    fail = false;
    expect(await read(null)).toBe('up');
  });
});
