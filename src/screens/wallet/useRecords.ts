import { useCallback, useEffect, useRef, useState } from 'react';
import { failureOf } from '../../components/LoadFailed';
import { pagesUpTo } from '../../hooks/usePages';

/** While any record is still under way, how often the list is fetched again. */
const RECORDS_POLL_MS = 5000;

/** Records a page holds. */
const RECORDS_PAGE = 50;

/** The pages loaded so far as one list, newest first: a record that moved to the next page while
 * they loaded (new ones arrived) is listed once. */
const joined = <T extends { id: number }>(pages: T[][]): T[] => {
  const seen = new Set<number>();
  return pages.flat().filter((r) => {
    if (seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
};

/**
 * A list of records (deposits, withdrawals) kept fresh: fetched on mount, again whenever the page
 * comes back into view (refresh on focus), and every few seconds while one of them is still
 * waiting for the operator, so a status change shows without a reload. Older records come a page
 * at a time (`more`); a refresh reloads every page shown. With `seek`, the first fetch brings the
 * pages down to that record (pagesUpTo).
 */
export const useRecords = <T extends { id: number }>(
  load: (page: number, size: number) => Promise<T[]>,
  underWay: (record: T) => boolean,
  seek?: number,
) => {
  const [state, setState] = useState<{ pages: T[][] | undefined; failure?: string; loading: boolean }>({
    pages: undefined,
    loading: false,
  });
  const live = useRef(true);
  const shown = useRef(1);
  // The pages down to a sought record are still coming: a refresh meanwhile (the page regaining
  // focus) would ask for the first page alone and, answered last, drop the record from the list.
  const seeking = useRef(false);
  const fetchPages = useCallback((count: number | { upTo: number }) => {
    setState((s) => ({ ...s, failure: undefined, loading: true }));
    const fetching =
      typeof count === 'number'
        ? Promise.all(Array.from({ length: count }, (_, i) => load(i + 1, RECORDS_PAGE)))
        : pagesUpTo(load, (p) => p, RECORDS_PAGE, count.upTo);
    if (typeof count !== 'number') seeking.current = true;
    fetching
      .then(
        (pages) => {
          if (!live.current) return;
          shown.current = pages.length;
          setState({ pages, loading: false });
        },
        (err: unknown) =>
          live.current && setState((s) => ({ ...s, failure: failureOf(err), loading: false })),
      )
      .finally(() => {
        if (typeof count !== 'number') seeking.current = false;
      });
    // `load` is a module-level API call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const refresh = useCallback(() => {
    if (!seeking.current) fetchPages(shown.current);
  }, [fetchPages]);
  const more = useCallback(() => fetchPages(shown.current + 1), [fetchPages]);

  useEffect(() => {
    live.current = true;
    if (seek === undefined) refresh();
    else fetchPages({ upTo: seek });
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
  }, [refresh, fetchPages, seek]);

  const list = state.pages ? joined(state.pages) : undefined;
  const waiting = list?.some(underWay) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, RECORDS_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  // A full last page may have more behind it.
  const hasMore = state.pages !== undefined && state.pages[state.pages.length - 1]!.length === RECORDS_PAGE;
  return { list, failure: state.failure, loading: state.loading, hasMore, refresh, more };
};
