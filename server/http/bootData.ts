import type { BootData } from '../../protocol/boot';
import type { Db } from '../db/connect';
import { listCarousel } from '../db/repos/content';
import type { Market } from '../market/market';
import type { Locale } from '../../protocol/locales';
import { freshFor } from './freshFor';
import type { PageRequest } from './pageShell';

/** How long a page's database reads are reused. */
export const PAGE_DATA_MS = 1000;

const HOME_PAGES = new Set(['/', '/home']);

/** The boot data of a page (protocol/boot.ts): the listed pairs, and the home carousel. The
 * carousel is kept for `PAGE_DATA_MS`; `forgetCarousel` drops it after a change.
 * The boot data only spares the app its first requests, so a read that fails costs the page only
 * that part: the home page without its carousel is still the page (the app asks for the slides
 * itself), where a failure here answered the whole page with a JSON 500 while the database was
 * down. The failure goes to `onError`. The pairs are the market's, in memory. */
export const bootData = (db: Db, market: Market, onError: (err: unknown) => void = () => undefined) => {
  const carousel = freshFor(PAGE_DATA_MS, (locale: Locale) => listCarousel(db.kysely, locale));
  const slides = (locale: Locale) =>
    carousel(locale).then(
      (items): BootData['carousel'] => ({ locale, items }),
      (err: unknown) => {
        onError(err);
        return undefined;
      },
    );
  const read = async ({ path, locale }: PageRequest): Promise<BootData> => {
    const home = HOME_PAGES.has(path) ? await slides(locale) : undefined;
    return { pairs: market.pairs(), ...(home ? { carousel: home } : {}) };
  };
  read.forgetCarousel = carousel.forget;
  return read;
};
