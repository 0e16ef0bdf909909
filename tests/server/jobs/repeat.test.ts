import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeat } from '../../../server/jobs/repeat';

afterEach(() => vi.useRealTimers());

describe('a job repeated on a timer', () => {
  it('runs now and then every period, skipping a round that would overlap a slow one', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let finish: (() => void) | undefined;
    const stop = repeat(
      () => {
        started.push(Date.now());
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { everyMs: 1000 },
    );
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2500);
    // Still running: the two rounds due meanwhile did not start a second one.
    expect(started).toHaveLength(1);
    finish!();
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toHaveLength(2);
    stop();
    finish!();
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toHaveLength(2);
  });

  it('reports a failed round and goes on; waits for the first when told to', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let rounds = 0;
    const stop = repeat(
      async () => {
        rounds++;
        if (rounds === 1) throw new Error('locked');
      },
      { everyMs: 1000, firstAfterMs: 300, onError: (e) => errors.push(e) },
    );
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(rounds).toBe(1);
    expect(errors).toEqual([new Error('locked')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    stop();
  });
});
