import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/** The screens a back has already been asked from. The router makes a new location object for
 * every visit, so coming to the same entry again (browser forward) may go back again, while a
 * second tap on the same visit, or a tap that finishes after the first one left, does nothing. */
const leaving = new WeakSet<Location>();

/** A second tap of a double tap comes within this long of the first. By then the first may have
 * landed on the screen before, where the finger comes down on whatever is there: its own back
 * button, or a link where a language was. */
const DOUBLE_TAP_MS = 400;
let lastBack = { at: -Infinity, from: '' };

/** The taps of that window that come down once the back has landed, caught before any screen
 * hears of them; one that comes sooner falls on the screen left, which does nothing with it.
 * Installed at the first back, during whose own tap: that tap has passed the window already. */
let catching = false;
const catchSecondTap = (event: MouseEvent) => {
  if (performance.now() - lastBack.at >= DOUBLE_TAP_MS || window.location.href === lastBack.from) return;
  event.preventDefault();
  event.stopPropagation();
};

/** Back within the app, once per visit of a screen and once per double tap: a double tap on the
 * back button or on a language would otherwise step back two screens, or open the screen under
 * the second tap. A deep link has no history here, so it goes home instead of off-site. */
export const useGoBack = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (leaving.has(location)) return;
    leaving.add(location);
    lastBack = { at: performance.now(), from: window.location.href };
    if (!catching) {
      window.addEventListener('click', catchSecondTap, true);
      catching = true;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [navigate, location]);
};
