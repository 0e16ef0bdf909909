import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';

/** How long a move may take before the bar shows: a screen already at hand comes sooner, and a bar
 * flashing on every tap would be noise. */
export const PROGRESS_DELAY_MS = 180;

/**
 * A thin bar along the top of the frame while the router waits for a tapped screen's code or data:
 * on a slow network a tab or a link answered nothing for seconds, the old screen still up. Drawn
 * only (aria-hidden): the screen's `aria-busy` says the same to a screen reader, once.
 */
export const NavigationProgress = () => {
  const busy = useNavigation().state !== 'idle';
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDue(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDue(false);
    };
  }, [busy]);
  if (!busy || !due) return null;
  return (
    <div className="nav-progress" aria-hidden="true">
      <span className="nav-progress__bar" />
    </div>
  );
};
