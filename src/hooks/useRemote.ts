import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
    load().then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState((s) => ({ data: s.data, failed: true })),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level API call; the locale and key are what change its answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, key]);
  return state;
};
