import { useEffect, useState } from 'react';

/** What a paged list endpoint answers: one page of items and how many there are in all. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/**
 * A list the server serves a page at a time, newest first: its first page, again from the first
 * whenever `key` changes (a filter, a push that something changed, the language), and the next
 * page appended on `more`, for as long as there are more.
 */
export const usePages = <T>(
  load: (page: number, size: number) => Promise<Paged<T>>,
  size: number,
  key: string,
) => {
  const [state, setState] = useState({
    list: [] as T[],
    total: 0,
    page: 0,
    loading: true,
    failed: false,
  });
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(page, size).then(
      (p) =>
        live &&
        setState((s) => ({
          list: page === 1 ? p.list : [...s.list, ...p.list],
          total: p.total,
          page,
          loading: false,
          failed: false,
        })),
      () => live && setState((s) => ({ ...s, loading: false, failed: true })),
    );
    return () => {
      live = false;
    };
    // `load` is the caller's closure over what `key` names; `key` is what changes its answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, size]);
  return {
    ...state,
    hasMore: state.list.length < state.total,
    more: () => setPaging({ key, page: state.page + 1 }),
  };
};
