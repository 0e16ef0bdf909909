import { ReplaySubject, finalize, share, timer, type Observable } from 'rxjs';

/** How long a stream nobody watches stays alive: going back to a screen within this time finds it
 * warm instead of starting from a new snapshot. */
export const KEEP_ALIVE_MS = 5000;

/** One shared stream per key, created on first use: every subscriber of a key gets the same
 * stream and its latest value at once, and the stream ends a while after the last one leaves.
 * An ended stream leaves the cache too: keys such as a contract's id or its closing time are new
 * all day long, and a session open for days must not keep one entry per contract it ever showed. */
export const keyed = <K extends unknown[], T>(
  make: (...key: K) => Observable<T>,
  keepAliveMs = KEEP_ALIVE_MS,
) => {
  const cache = new Map<string, Observable<T>>();
  return (...key: K): Observable<T> => {
    const id = JSON.stringify(key);
    let stream = cache.get(id);
    if (!stream) {
      const created: Observable<T> = make(...key).pipe(
        finalize(() => {
          // Someone holding the old stream may have started it again after a newer one took
          // its place: only the stream the cache holds is removed.
          if (cache.get(id) === created) cache.delete(id);
        }),
        share({
          connector: () => new ReplaySubject<T>(1),
          resetOnError: true,
          resetOnComplete: true,
          resetOnRefCountZero: () => timer(keepAliveMs),
        }),
      );
      cache.set(id, created);
      stream = created;
    }
    return stream;
  };
};
