import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { failureOf } from '../components/LoadFailed';

/** What a paged list endpoint answers: one page of items and how many there are in all. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/** One page as answered, with the number of the request that asked for it: of two answers for a
 * page, the one asked for later stands, so a slow refresh never undoes a newer one. */
interface Answer<T> {
  asked: number;
  page: Paged<T>;
}

/** Pages answered at different moments overlap when an item moved from one to the next between
 * them (a new one came on top): it is listed once, where it first stands. */
const itemsOf = <T extends { id: number }>(answers: Answer<T>[]): T[] => [
  ...new Map(answers.flatMap((a) => a.page.list).map((item) => [item.id, item])).values(),
];

/** A paged list as a screen shows it. */
export interface Pages<T> {
  list: T[] | undefined;
  failure: string | undefined;
  loading: boolean;
  hasMore: boolean;
  /** How many pages are shown: a screen keeps it in its address, for Back to bring them again. */
  shown: number;
  more: () => void;
  refresh: () => void;
}

interface State<T> {
  /** What the answers are for: another key starts afresh. */
  key: string;
  answers: Answer<T>[];
  failure: string | undefined;
  /** The pages whose fetch failed, for `refresh` to ask again: after a failed `more`, the next
   * page (the one the reader asked for), not the pages already shown. */
  failed?: { first: number; count: number };
  loading: boolean;
}

/** The most pages a first fetch brings back at once, whatever an address asks for: a link with
 * `pages=100000` would otherwise send that many requests from the reader's phone at once. */
export const START_PAGES_MAX = 20;

/**
 * The first pages of a list, newest first, down to the one holding item `id`: a link from a coin's
 * history to what caused an entry finds the record wherever it stands. Fetched one after another,
 * each saying whether to go on: ids fall down such a list, so a page reaching `id` holds it or
 * shows the list has none, and a page short of `size` is the last. At most `max` pages, so a
 * crafted link cannot have the phone send hundreds of requests: `id` may then be missing.
 */
export const pagesUpTo = async <P>(
  load: (page: number, size: number) => Promise<P>,
  items: (page: P) => { id: number }[],
  size: number,
  id: number,
  max = START_PAGES_MAX,
): Promise<P[]> => {
  const pages: P[] = [];
  while (pages.length < max) {
    const page = await load(pages.length + 1, size);
    pages.push(page);
    const list = items(page);
    if (list.length < size || list.some((item) => item.id <= id)) break;
  }
  return pages;
};

/** An item a first fetch brings the pages down to (pagesUpTo), and how many pages it may take. */
export interface Seek {
  id: number;
  pages: number;
}

/**
 * A list the server serves a page at a time, newest first. Its first page, and again from the
 * first alone whenever `key` changes (a filter); the next page on `more`. Whenever `version`
 * changes (a push or a balance saying something new arrived, the language) every page shown is
 * fetched again, so a new item shows and one pushed onto the next page is not listed twice.
 * `list` is undefined until the first page answers; `failure` says why the last fetch failed, and
 * `refresh` tries that fetch again (without a failure, it fetches every page shown). `startPages`
 * is how many pages the first fetch brings: those a reader had shown before leaving the screen;
 * with `seek`, the first fetch for a key brings the pages down to that item instead.
 */
export const usePages = <T extends { id: number }>(
  load: (page: number, size: number) => Promise<Paged<T>>,
  size: number,
  key: string,
  version: string | number = 0,
  startPages = 1,
  seek?: Seek,
): Pages<T> => {
  const [state, setState] = useState<State<T>>({ key, answers: [], failure: undefined, loading: true });
  const requests = useRef(0);

  const fetchPages = (
    forKey: string,
    first: number,
    count: number,
    fetching = Promise.all(Array.from({ length: count }, (_, i) => load(first + i, size))),
  ) => {
    const asked = ++requests.current;
    setState((s) => (s.key === forKey ? { ...s, loading: true } : s));
    fetching.then(
      (pages) =>
        setState((s) => {
          if (s.key !== forKey) return s;
          const answers = [...s.answers];
          pages.forEach((page, i) => {
            const at = first - 1 + i;
            if ((answers[at]?.asked ?? 0) < asked) answers[at] = { asked, page };
          });
          return { key: forKey, answers, failure: undefined, loading: false };
        }),
      (err: unknown) =>
        setState((s) =>
          s.key === forKey ? { ...s, failure: failureOf(err), failed: { first, count }, loading: false } : s,
        ),
    );
  };

  const sync = useEffectEvent(() => {
    const fresh = state.key !== key;
    if (fresh) setState({ key, answers: [], failure: undefined, loading: true });
    if (seek && (fresh || state.answers.length === 0))
      fetchPages(
        key,
        1,
        1,
        pagesUpTo(load, (p) => p.list, size, seek.id, seek.pages),
      );
    else if (fresh) fetchPages(key, 1, 1);
    else fetchPages(key, 1, Math.max(state.answers.length, Math.min(startPages, START_PAGES_MAX), 1));
  });
  useEffect(() => sync(), [key, version, size]);

  const answers = state.key === key ? state.answers : [];
  const latest = answers.reduce<Answer<T> | undefined>((a, b) => (a && a.asked > b.asked ? a : b), undefined);
  const list = answers.length > 0 ? itemsOf(answers) : undefined;
  return {
    list,
    failure: state.key === key ? state.failure : undefined,
    loading: state.key !== key || state.loading,
    // Pages answered at different moments may count differently: the one asked for last knows best.
    // Counted by what is shown, not by pages asked: one that came on top after the first page was
    // read is not shown yet, and the next page brings the one it pushed down.
    hasMore: (list?.length ?? 0) < (latest?.page.total ?? 0),
    shown: answers.length,
    more: () => fetchPages(key, answers.length + 1, 1),
    refresh: () => {
      const again = state.key === key ? state.failed : undefined;
      setState((s) => ({ ...s, failure: undefined, failed: undefined }));
      if (again) fetchPages(key, again.first, again.count);
      else fetchPages(key, 1, Math.max(answers.length, 1));
    },
  };
};
