import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { catchSecondTap } from '../app/secondTap';

/** The screens a back has already been asked from. The router makes a new location object for
 * every visit, so coming to the same entry again (browser forward) may go back again, while a
 * second tap on the same visit, or a tap that finishes after the first one left, does nothing. */
const leaving = new WeakSet<Location>();

/** Back within the app, once per visit of a screen and once per double tap: a double tap on the
 * back button or on a language would otherwise step back two screens, or open the screen under
 * the second tap. A deep link (or a reload) has no history here, so it goes to `fallback`, the
 * screen it would have come from, instead of off-site. */
export const useGoBack = (fallback = '/home') => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (leaving.has(location)) return;
    leaving.add(location);
    const from = window.location.href;
    catchSecondTap(() => window.location.href !== from);
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, location, fallback]);
};
