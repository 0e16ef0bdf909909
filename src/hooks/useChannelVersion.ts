import { useCallback, useEffect, useRef, useState } from 'react';
import { transport } from '../app/streams';
import { currentUser } from '../state/session';
import { useConnection } from './useMarket';

/**
 * A count that goes up whenever what a screen fetched over REST may be out of date because of a
 * private channel: on each push, every `pollMs` while the socket is down (no pushes come then), and
 * once more when it is back, for what changed since the last poll. The synced streams keep theirs
 * the same way; a screen that pages by REST keys its fetches on this instead. `bump` is for a
 * change the screen made itself.
 * What the channel may have missed matters only while someone is logged in. A logout in another
 * tab reconnects the socket without a token before the login gate has moved this tab on: a read
 * then would go without a token, and its 401 would send the reader home with a "not logged in"
 * alert, where the gate sends them to login without one.
 */
export const useChannelVersion = (channel: string, pollMs: number) => {
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const state = useConnection();
  const missed = useRef(false);
  const missedWhileLoggedIn = useCallback(() => {
    if (currentUser()) bump();
  }, [bump]);

  useEffect(() => {
    const sub = transport.channel$(channel).subscribe(bump);
    return () => sub.unsubscribe();
  }, [channel, bump]);

  useEffect(() => {
    if (state === 'open') {
      if (missed.current) missedWhileLoggedIn();
      missed.current = false;
      return;
    }
    // The first connect follows the screen's own first fetch: only a drop loses pushes.
    if (state !== 'connecting') missed.current = true;
    const timer = setInterval(() => {
      missed.current = true;
      missedWhileLoggedIn();
    }, pollMs);
    return () => clearInterval(timer);
  }, [state, pollMs, missedWhileLoggedIn]);

  return [version, bump] as const;
};
