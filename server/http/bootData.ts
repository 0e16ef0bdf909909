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
 * carousel is kept for `PAGE_DATA_MS`; `forgetCarousel` drops it after a change. */
export const bootData = (db: Db, market: Market) => {
  const carousel = freshFor(PAGE_DATA_MS, (locale: Locale) => listCarousel(db.kysely, locale));
  const read = async ({ path, locale }: PageRequest): Promise<BootData> => ({
    pairs: market.pairs(),
    ...(HOME_PAGES.has(path) ? { carousel: { locale, items: await carousel(locale) } } : {}),
  });
  read.forgetCarousel = carousel.forget;
  return read;
};
