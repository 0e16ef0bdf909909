import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `poll` every `ms` while `on` and the page is in view, and at once when the page comes back
 * into view: an answer awaited from someone else (an operator's decision) shows where the
 * screen says it will without a reload, and a page left in the background asks nothing.
 */
export const usePolling = (poll: () => void, ms: number, on = true) => {
  const run = useEffectEvent(poll);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') run();
    }, ms);
    const onShown = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [ms, on]);
};
