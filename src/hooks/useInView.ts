import { useEffect, useState, type RefObject } from 'react';

/** Whether an element is on screen (or near it). Long live lists use it so only the rows a reader
 * can see follow their ticks; where IntersectionObserver is missing, every row counts as seen. */
export const useInView = (ref: RefObject<Element | null>, margin = '120px'): boolean => {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true), {
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin]);
  return inView;
};
