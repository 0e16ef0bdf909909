import { afterEach, describe, expect, it, vi } from 'vitest';
import { preload, prefetch, prefetched } from '../../../src/api/prefetch';
import { rememberLocale } from '../../../src/state/locale';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const counting = () => {
  let calls = 0;
  const load = () => Promise.resolve(++calls);
  return { load, calls: () => calls };
};

describe('prefetching a screen’s first request', () => {
  it('hands the prefetched answer to the first taker only', async () => {
    const { load, calls } = counting();
    prefetch(load);
    prefetch(load);
    expect(calls()).toBe(1);
    expect(await prefetched(load)).toBe(1);
    expect(await prefetched(load)).toBe(2);
    expect(calls()).toBe(2);
  });

  it('asks again when nothing was prefetched', async () => {
    const { load } = counting();
    expect(await prefetched(load)).toBe(1);
  });

  it('does not hand out an answer that has gone stale', async () => {
    vi.useFakeTimers();
    const { load, calls } = counting();
    prefetch(load);
    vi.advanceTimersByTime(11_000);
    expect(await prefetched(load)).toBe(2);
    expect(calls()).toBe(2);
  });

  it('passes a failure to the taker, and an untaken failure goes unreported', async () => {
    const load = vi.fn(() => Promise.reject(new Error('down')));
    prefetch(load);
    await expect(prefetched(load)).rejects.toThrow('down');
    prefetch(vi.fn(() => Promise.reject(new Error('nobody asked'))));
  });

  it('does not hand out an answer in a language the reader has left since', async () => {
    // The site's default language is applied on a first visit while the home screen's code
    // downloads; the carousel the page carried in English must not be shown under German labels.
    rememberLocale('us');
    const { load, calls } = counting();
    preload(load, 0, 'us');
    prefetch(load);
    rememberLocale('de');
    expect(await prefetched(load)).toBe(1);
    expect(calls()).toBe(1);
  });
});
