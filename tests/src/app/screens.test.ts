import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, SCREENS, loadScreen } from '../../../src/app/screens';

const home = SCREENS.home;

afterEach(() => {
  SCREENS.home = home;
  vi.useRealTimers();
});

describe('loading a screen', () => {
  it('waits up to the chunk script timeout of 120 s (spec §9)', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('gives up on code that has not arrived after the timeout, so the route shows its error', async () => {
    vi.useFakeTimers();
    SCREENS.home = () => new Promise(() => undefined);
    const loading = loadScreen('home');
    const outcome = vi.fn();
    loading.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow(/home/);
  });

  it('answers the screen that arrives in time', async () => {
    const screen = { default: () => null };
    SCREENS.home = () => Promise.resolve(screen);
    await expect(loadScreen('home')).resolves.toBe(screen);
  });
});
