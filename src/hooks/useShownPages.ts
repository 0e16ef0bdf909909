import { useSearchParams } from 'react-router-dom';
import type { Pages } from './usePages';
import { useSetAddressParams } from './useSetAddressParams';

/** The address parameter saying how many pages of a list are shown. A screen drops it with a
 * change of what the list holds (a tab, a filter): the new list starts from its first page. */
export const SHOWN_PAGES_PARAM = 'pages';

/**
 * How many pages of a list the reader had shown, kept in the address: back from a screen opened
 * from the list, or after a reload, the list comes back as far down as it was left (`start`, for
 * usePages), where it started again from its first page. `kept` is the list whose "more" records
 * the page it adds.
 */
export const useShownPages = () => {
  const [params] = useSearchParams();
  const setParams = useSetAddressParams();
  const asked = Number(params.get(SHOWN_PAGES_PARAM));
  return {
    start: Number.isSafeInteger(asked) && asked > 1 ? asked : 1,
    kept: <T>(pages: Pages<T>): Pages<T> => ({
      ...pages,
      more: () => {
        pages.more();
        setParams({ [SHOWN_PAGES_PARAM]: String(pages.shown + 1) });
      },
    }),
  };
};
