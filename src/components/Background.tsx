import { lazy, Suspense } from 'react';
import { useAfterLoad } from '../hooks/useAfterLoad';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { Decoration } from './Decoration';

// The particle engine is its own chunk, fetched once the first screen has loaded. In this app the
// `load` event comes before the screen's data and images (scripts ask for them), so it waits a
// moment more: on a slow connection ~40 KB of particles must not queue ahead of the home banner.
const ParticlesLayer = lazy(() => import('./ParticlesLayer'));
const SETTLE_MS = 1500;

/** The decorative layer behind every screen: a gradient, and drifting particles unless the reader
 * asks for reduced motion. */
export const Background = () => {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const loaded = useAfterLoad(SETTLE_MS);
  return (
    <div className="background" aria-hidden="true">
      {loaded && !reduceMotion && (
        <Decoration>
          <Suspense fallback={null}>
            <ParticlesLayer />
          </Suspense>
        </Decoration>
      )}
    </div>
  );
};
