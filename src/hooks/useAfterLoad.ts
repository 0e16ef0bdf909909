import { useEffect, useState } from 'react';

// Safari has no requestIdleCallback: a short timer stands in for the idle moment.
const whenIdle = (fn: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
};

/** True once the page has loaded, `settleMs` more have passed and the browser has had an idle
 * moment: for decoration that must not compete with the first screen for the network or the main
 * thread. */
export const useAfterLoad = (settleMs = 0): boolean => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const onLoad = () => {
      const timer = window.setTimeout(() => {
        cancel = whenIdle(() => setReady(true));
      }, settleMs);
      cancel = () => window.clearTimeout(timer);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancel();
    };
  }, [settleMs]);
  return ready;
};
