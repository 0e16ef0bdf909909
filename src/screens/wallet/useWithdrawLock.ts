import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useServerOffset } from '../../hooks/useMarket';
import { sessionState } from '../../state/session';

/** setTimeout's longest delay; a lock ends well within it, but a wrong clock must not fire at once. */
const MAX_DELAY = 2 ** 31 - 1;

/** When the reader's withdrawal lock (24 hours after a login password change or a
 * withdrawal-password reset) ends, on the server's clock, while it lasts; null once it has ended,
 * which it does on its own while the screen is open. */
export const useWithdrawLock = (): number | null => {
  const { user } = useSnapshot(sessionState);
  const until = user?.userinfo.withdrawLockedUntil ?? 0;
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  const serverNow = now + offset;
  useEffect(() => {
    if (until <= serverNow) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until - serverNow, MAX_DELAY));
    return () => clearTimeout(timer);
  }, [until, serverNow]);
  return until > serverNow ? until : null;
};
