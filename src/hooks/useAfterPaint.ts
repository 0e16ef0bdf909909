import { useEffect, useState } from 'react';

/** True from the frame after the component first appeared on screen: for heavy content (a chart)
 * that should not hold back the first paint of the rest of the screen. */
export const useAfterPaint = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The first callback runs before the next paint, the second after it.
    let id = requestAnimationFrame(() => {
      id = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(id);
  }, []);
  return painted;
};
