import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of a market stream, rendered as a transition: React may split the work and
 * yield to a tap, so a burst of ticks re-rendering a list never blocks the reader for long. Like
 * observable-hooks' useObservableState, a new stream keeps the last value until it emits.
 */
export const useLive = <T, I>(source$: Observable<T>, initial: I): T | I => {
  const [value, setValue] = useState<T | I>(initial);
  useEffect(() => {
    const sub = source$.subscribe((v) => startTransition(() => setValue(() => v)));
    return () => sub.unsubscribe();
  }, [source$]);
  return value;
};
