import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { idParam } from '../app/idParam';

/**
 * The record an address picks out (`?id=`, from an entry of a coin's history that it caused):
 * `id` for the list to bring its pages down to, undefined for none or a malformed one. `mark`
 * gives a record's item its class, with `is-picked` and `aria-current` on the one meant, so it
 * stands out to the eye and to assistive tech alike. It is scrolled into view once, when it first
 * shows: a refresh or a poll leaves the reader where they have scrolled since.
 */
export const usePickedRecord = () => {
  const asked = idParam(useSearchParams()[0].get('id'));
  const id = Number.isSafeInteger(asked) ? asked : undefined;
  const scrolledTo = useRef<number>(undefined);
  const reveal = useCallback(
    (item: HTMLElement | null) => {
      if (!item || scrolledTo.current === id) return;
      scrolledTo.current = id;
      item.scrollIntoView({ block: 'center' });
    },
    [id],
  );
  return {
    id,
    mark: (recordId: number, className: string) =>
      recordId === id
        ? { className: `${className} is-picked`, 'aria-current': 'true' as const, ref: reveal }
        : { className },
  };
};
