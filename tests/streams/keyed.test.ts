import { Subject, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS, keyed } from '../../streams/keyed';

describe('keyed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    const sources = new Map<number, Subject<number>>();
    const make = vi.fn((id: number): Observable<number> => {
      const s = new Subject<number>();
      sources.set(id, s);
      return s;
    });
    return { stream$: keyed(make), make, sources };
  };

  it('gives every caller of a key the same stream and its latest value', () => {
    const { stream$, make, sources } = counting();
    const first: number[] = [];
    const a = stream$(1).subscribe((v) => first.push(v));
    sources.get(1)!.next(7);
    const late: number[] = [];
    const b = stream$(1).subscribe((v) => late.push(v));
    expect(stream$(1)).toBe(stream$(1));
    expect(make).toHaveBeenCalledTimes(1);
    expect(late).toEqual([7]);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('keeps a stream nobody watches warm for a while', () => {
    const { stream$, make } = counting();
    const held = stream$(1);
    held.subscribe().unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS - 1);
    expect(stream$(1)).toBe(held);
    stream$(1).subscribe().unsubscribe();
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('forgets a key once its stream has ended, so keys seen once do not pile up', () => {
    const { stream$, make } = counting();
    for (let id = 0; id < 100; id++) stream$(id).subscribe().unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    const before = stream$(5);
    expect(make).toHaveBeenCalledTimes(101);
    // The fresh stream for an ended key starts its source again instead of replaying the old one.
    before.subscribe().unsubscribe();
    expect(make).toHaveBeenCalledTimes(101);
  });

  it('forgets a key whose stream failed or completed', () => {
    const { stream$, make, sources } = counting();
    const failed = stream$(1);
    failed.subscribe({ error: () => undefined });
    sources.get(1)!.error(new Error('gone'));
    expect(stream$(1)).not.toBe(failed);

    const done = stream$(2);
    done.subscribe();
    sources.get(2)!.complete();
    expect(stream$(2)).not.toBe(done);
    // Each was made once, and once more when asked for after it ended.
    expect(make).toHaveBeenCalledTimes(4);
  });

  it('does not let an old stream started again remove the newer one for its key', () => {
    const { stream$ } = counting();
    const old = stream$(1);
    old.subscribe().unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    const newer = stream$(1);
    const again = old.subscribe();
    again.unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(stream$(1)).toBe(newer);
  });
});
