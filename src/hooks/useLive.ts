import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of a market stream, rendered as a transition: React may split the work and
 * yield to a tap, so a burst of ticks re-rendering a list never blocks the reader for long. Like
 * observable-hooks' useObservableState, a new stream keeps the last value until it emits, unless
 * `keepAcrossSwitch` is false: a pair's book or prints must not stand under the next pair's name.
 */
export const useLive = <T, I>(source$: Observable<T>, initial: I, keepAcrossSwitch = true): T | I => {
  const [state, setState] = useState<{ from?: Observable<T>; value: T | I }>({ value: initial });
  useEffect(() => {
    const sub = source$.subscribe((value) => startTransition(() => setState({ from: source$, value })));
    return () => sub.unsubscribe();
  }, [source$]);
  return keepAcrossSwitch || state.from === source$ ? state.value : initial;
};
