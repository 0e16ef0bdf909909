import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetched } from '../api/prefetch';
import { failureOf } from '../components/LoadFailed';

interface Remote<T> {
  data: T | undefined;
  /** Why the last read failed (an `app.msg.*` key), until a read succeeds or `retry` asks again. */
  failure: string | undefined;
  retry: () => void;
}

/**
 * Loads a REST snapshot for a screen and reloads it when the locale changes (content is served
 * per `Lang`), or on `retry`. A stale answer that lands after a newer request is dropped; what
 * was shown stays until a newer answer replaces it.
 */
export const useRemote = <T>(load: () => Promise<T>, key = ''): Remote<T> => {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ data: T | undefined; failure: string | undefined }>({
    data: undefined,
    failure: undefined,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // An answer renders as a transition, so a screen filling in does not hold up a tap.
    prefetched(load).then(
      (data) => live && startTransition(() => setState({ data, failure: undefined })),
      (err: unknown) => live && startTransition(() => setState((s) => ({ ...s, failure: failureOf(err) }))),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level API call; the locale, key and attempt are what change its answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, key, attempt]);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, failure: undefined }));
    setAttempt((n) => n + 1);
  }, []);
  return { data: state.data, failure: state.failure, retry };
};
