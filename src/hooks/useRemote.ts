import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetched } from '../api/prefetch';
import { failedRead, useRetryWhenAnswered } from './useRetryWhenAnswered';

interface Remote<T> {
  data: T | undefined;
  /** The language `data` was read in: the one before while a change of language is read again. */
  lang: string | undefined;
  /** Why the last read failed (an `app.msg.*` key), until a read succeeds or `retry` asks again. */
  failure: string | undefined;
  retry: () => void;
}

/**
 * Loads a REST snapshot for a screen and reloads it when the locale changes (content is served
 * per `Lang`), or on `retry`. A stale answer that lands after a newer request is dropped; what
 * was shown stays until a newer answer replaces it. A read that got no answer is asked again by
 * itself (`useRetryWhenAnswered`): the home page's notices said there were none meanwhile.
 */
export const useRemote = <T>(load: () => Promise<T>, key = ''): Remote<T> => {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{
    data: T | undefined;
    lang?: string;
    failure: string | undefined;
    /** The read failed for want of an answer: the REST client noted the server silent. */
    unanswered?: boolean;
  }>({ data: undefined, failure: undefined });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const lang = i18n.language;
    // An answer renders as a transition, so a screen filling in does not hold up a tap.
    prefetched(load).then(
      (data) => live && startTransition(() => setState({ data, lang, failure: undefined })),
      (err: unknown) => {
        if (!live) return;
        const failed = failedRead(err);
        startTransition(() => setState((s) => ({ ...s, ...failed })));
      },
    );
    return () => {
      live = false;
    };
    // `load` is a module-level API call; the locale, key and attempt are what change its answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, key, attempt]);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, failure: undefined, unanswered: false }));
    setAttempt((n) => n + 1);
  }, []);
  useRetryWhenAnswered(state.unanswered === true, retry);
  return { data: state.data, lang: state.lang, failure: state.failure, retry };
};
