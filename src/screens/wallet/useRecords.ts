import { useCallback, useEffect, useRef, useState } from 'react';

/** While any record is still under way, how often the list is fetched again. */
export const RECORDS_POLL_MS = 5000;

/**
 * A list of records (deposits, withdrawals) kept fresh: fetched on mount, again whenever the page
 * comes back into view (refresh on focus), and every few seconds while one of them is still
 * waiting for the operator, so a status change shows without a reload.
 */
export const useRecords = <T>(load: () => Promise<T[]>, underWay: (record: T) => boolean) => {
  const [state, setState] = useState<{ list: T[] | undefined; failed: boolean }>({
    list: undefined,
    failed: false,
  });
  const live = useRef(true);
  const refresh = useCallback(() => {
    load().then(
      (list) => live.current && setState({ list, failed: false }),
      () => live.current && setState((s) => ({ list: s.list, failed: true })),
    );
    // `load` is a module-level API call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    live.current = true;
    refresh();
    const onFocus = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      live.current = false;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [refresh]);

  const waiting = state.list?.some(underWay) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, RECORDS_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  return { ...state, refresh };
};
