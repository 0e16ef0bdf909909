import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * When a tap swaps the screen, a screen reader would say nothing of it, and a keyboard would carry
 * on from a link that is gone (from the start of the page). So after each change of screen (not
 * the first one, nor a change of query alone), focus moves to the new screen's title, or to the
 * screen itself where it has none; unless the new screen has put focus in itself already (a field
 * it opens ready to type in), or a dialog holds it.
 */
export const useScreenFocus = (screen: RefObject<HTMLElement | null>) => {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const element = screen.current;
    if (!element) return;
    const active = document.activeElement;
    if (active && active !== element && element.contains(active)) return;
    // An alert that came up with the screen (a session that ended) keeps it.
    if (active?.closest('[aria-modal="true"]')) return;
    (element.querySelector<HTMLElement>('h1[tabindex="-1"]') ?? element).focus({ preventScroll: true });
  }, [pathname, screen]);
};
