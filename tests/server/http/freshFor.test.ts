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

  it('asks again after forget, and a read that fails after it leaves the newer one kept', async () => {
    let n = 0;
    let fail = false;
    const read = freshFor(
      1000,
      async (key: string) => {
        n += 1;
        if (fail) throw new Error('down');
        return `${key}#${n}`;
      },
      () => 0,
    );
    expect(await read('us')).toBe('us#1');
    read.forget();
    expect(await read('us')).toBe('us#2');
    fail = true;
    read.forget();
    const failing = read('us');
    read.forget();
    fail = false;
    const newer = read('us');
    await expect(failing).rejects.toThrow('down');
    expect(await newer).toBe('us#4');
    expect(await read('us')).toBe('us#4');
  });
});
