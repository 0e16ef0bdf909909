import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/** The screens a back has already been asked from. The router makes a new location object for
 * every visit, so coming to the same entry again (browser forward) may go back again, while a
 * second tap on the same visit, or a tap that finishes after the first one left, does nothing. */
const leaving = new WeakSet<Location>();

/** A second tap of a double tap comes within this long of the first. By then the first may have
 * landed on the screen before, whose own back button sits under the finger. */
const DOUBLE_TAP_MS = 500;
let lastBackAt = -Infinity;

/** Back within the app, once per visit of a screen and once per double tap: a double tap on the
 * back button or on a language would otherwise step back two screens. A deep link has no history
 * here, so it goes home instead of off-site. */
export const useGoBack = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const now = performance.now();
    if (leaving.has(location) || now - lastBackAt < DOUBLE_TAP_MS) return;
    leaving.add(location);
    lastBackAt = now;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [navigate, location]);
};
