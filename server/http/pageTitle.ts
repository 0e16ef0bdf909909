import type { GlobalConfig } from '../../protocol';
import { pageTitle } from '../../protocol/boot';
import type { Locale } from '../../protocol/locales';
import { HOME_PATH, NOT_FOUND_PATH, routeByPath } from '../../protocol/routes';
import type { Db } from '../db/connect';
import { readGlobalConfig } from '../db/repos/siteConfig';
import { PAGE_DATA_MS } from './bootData';
import { freshFor } from './freshFor';
import type { PageRequest } from './pageShell';
import { translate } from '../translate';

/**
 * The translated title of the screen at `path`, as the app titles it (protocol/routes.ts). `/`
 * is home, which the app sends it to, and a trailing slash names the same screen; a path that
 * names no screen is the not-found page, where the app sends that.
 */
export const routeTitle = (path: string, locale: Locale): string => {
  const trimmed = path.replace(/\/+$/, '');
  const route = routeByPath(trimmed === '' ? HOME_PATH : trimmed) ?? routeByPath(NOT_FOUND_PATH)!;
  return translate(locale, route.title);
};

/** The site settings a page is written with (company name, default language), read at most once
 * every PAGE_DATA_MS; undefined while they cannot be read, which costs a page only those. */
export type PageConfig = () => Promise<GlobalConfig | undefined>;

export const pageConfigOf = (db: Db): PageConfig => {
  const config = freshFor(PAGE_DATA_MS, () => readGlobalConfig(db.kysely));
  return () => config(null).catch(() => undefined);
};

/** A page's title, written into the page so that it is right before any script has run; the app
 * titles it again once loaded. */
export const pageTitleOf =
  (config: PageConfig) =>
  async ({ path, locale }: PageRequest): Promise<string> =>
    pageTitle(routeTitle(path, locale), (await config())?.companyName);
