import { lazy, Suspense } from 'react';
import { useMediaQuery } from '../hooks/useMediaQuery';

// The particle engine is loaded after the first paint, in its own chunk.
const ParticlesLayer = lazy(() => import('./ParticlesLayer'));

/** The decorative layer behind every screen: a gradient, and drifting particles unless the reader
 * asks for reduced motion. */
export const Background = () => {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <div className="background" aria-hidden="true">
      {!reduceMotion && (
        <Suspense fallback={null}>
          <ParticlesLayer />
        </Suspense>
      )}
    </div>
  );
};
