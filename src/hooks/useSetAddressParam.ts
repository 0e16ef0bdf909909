import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Sets one parameter of the screen's address, keeping the others. Replaced, not pushed: Back
 * leaves the screen rather than stepping back through what was chosen on it. The screen stays
 * where it is scrolled to, as a choice made on it. */
export const useSetAddressParam = () => {
  const [, setParams] = useSearchParams();
  return useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(key, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
};
