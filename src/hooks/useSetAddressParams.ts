import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Sets parameters of the screen's address (null removes one), keeping the others, in one step.
 * Replaced, not pushed: Back leaves the screen rather than stepping back through what was chosen
 * on it. The screen stays where it is scrolled to, as a choice made on it. */
export const useSetAddressParams = () => {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
};
