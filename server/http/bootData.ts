import type { BootData } from '../../protocol/boot';
import type { Db } from '../db/connect';
import { listCarousel } from '../db/repos/content';
import type { Market } from '../market/market';
import type { PageRequest } from './pageShell';

const HOME_PAGES = new Set(['/', '/home']);

/** The boot data of a page (protocol/boot.ts): the listed pairs, and the home carousel. */
export const bootData =
  (db: Db, market: Market) =>
  async ({ path, locale }: PageRequest): Promise<BootData> => ({
    pairs: market.pairs(),
    ...(HOME_PAGES.has(path) ? { carousel: { locale, items: await listCarousel(db.kysely, locale) } } : {}),
  });
