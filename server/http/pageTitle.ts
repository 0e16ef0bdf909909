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

/** A page's title, written into the page so that it is right before any script has run. A config
 * that cannot be read costs the page its company name only: the app titles it again once loaded. */
export const pageTitleOf = (db: Db) => {
  const config = freshFor(PAGE_DATA_MS, () => readGlobalConfig(db.kysely));
  return async ({ path, locale }: PageRequest): Promise<string> => {
    const companyName = await config(null).then(
      (c) => c.companyName,
      () => undefined,
    );
    return pageTitle(routeTitle(path, locale), companyName);
  };
};
