import { ReplaySubject, share, timer, type Observable } from 'rxjs';

/** How long a stream nobody watches stays alive: going back to a screen within this time finds it
 * warm instead of starting from a new snapshot. */
export const KEEP_ALIVE_MS = 5000;

/** One shared stream per key, created on first use: every subscriber of a key gets the same
 * stream and its latest value at once, and the stream ends a while after the last one leaves. */
export const keyed = <K extends unknown[], T>(
  make: (...key: K) => Observable<T>,
  keepAliveMs = KEEP_ALIVE_MS,
) => {
  const cache = new Map<string, Observable<T>>();
  return (...key: K): Observable<T> => {
    const id = JSON.stringify(key);
    let stream = cache.get(id);
    if (!stream) {
      stream = make(...key).pipe(
        share({
          connector: () => new ReplaySubject<T>(1),
          resetOnError: true,
          resetOnComplete: true,
          resetOnRefCountZero: () => timer(keepAliveMs),
        }),
      );
      cache.set(id, stream);
    }
    return stream;
  };
};
