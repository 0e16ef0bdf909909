import { useEffect, useState } from 'react';
import { transport } from '../../app/streams';

/** A count of the server's pushes that one of my pledges changed (pledged, a day's income
 * released, settled): a screen that shows pledge figures keys its reads on it, so it reads them
 * again while it is open instead of showing the figures from before. */
export const usePledgePushes = () => {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const sub = transport.channel$('pledges').subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, []);
  return version;
};
