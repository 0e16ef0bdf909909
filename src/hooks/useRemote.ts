import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetched } from '../api/prefetch';

export interface Remote<T> {
  data: T | undefined;
  failed: boolean;
}

/**
 * Loads a REST snapshot for a screen and reloads it when the locale changes (content is served
 * per `Lang`). A stale answer that lands after a newer request is dropped.
 */
export const useRemote = <T>(load: () => Promise<T>, key = ''): Remote<T> => {
  const { i18n } = useTranslation();
  const [state, setState] = useState<Remote<T>>({ data: undefined, failed: false });
  useEffect(() => {
    let live = true;
    // An answer renders as a transition, so a screen filling in does not hold up a tap.
    prefetched(load).then(
      (data) => live && startTransition(() => setState({ data, failed: false })),
      () => live && startTransition(() => setState((s) => ({ data: s.data, failed: true }))),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level API call; the locale and key are what change its answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, key]);
  return state;
};
