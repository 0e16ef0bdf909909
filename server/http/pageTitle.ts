import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pageTitle } from '../../protocol/boot';
import type { Locale } from '../../protocol/locales';
import type { Db } from '../db/connect';
import { readGlobalConfig } from '../db/repos/siteConfig';
import type { PageRequest } from './pageShell';

const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

const titles = new Map<Locale, Record<string, string>>();

/** The route titles of a locale (its `route` keys), read once. */
const titlesOf = (locale: Locale): Record<string, string> => {
  let read = titles.get(locale);
  if (!read) {
    const file = JSON.parse(fs.readFileSync(`${LOCALES_DIR}${locale}.json`, 'utf8')) as {
      route: Record<string, string>;
    };
    read = file.route;
    titles.set(locale, read);
  }
  return read;
};

/** A route name as the app's route table writes them: words joined by slashes. */
const ROUTE_NAME_RE = /^[A-Za-z0-9]+(?:\/[A-Za-z0-9]+)*$/;

/**
 * The translated title of the screen at `path`, as the app titles it (src/app/routes.ts: the title
 * key is `route.` and the route's name, its slashes written `_`). `/` is home, which the app sends
 * it to; a path that names no screen is the not-found page, where the app sends that.
 */
export const routeTitle = (path: string, locale: Locale): string => {
  const route = titlesOf(locale);
  const name = path.replace(/^\/+|\/+$/g, '') || 'home';
  return (ROUTE_NAME_RE.test(name) ? route[name.replace(/\//g, '_')] : undefined) ?? route['404']!;
};

/** A page's title, written into the page so that it is right before any script has run. A config
 * that cannot be read costs the page its company name only: the app titles it again once loaded. */
export const pageTitleOf =
  (db: Db) =>
  async ({ path, locale }: PageRequest): Promise<string> => {
    const companyName = await readGlobalConfig(db.kysely).then(
      (config) => config.companyName,
      () => undefined,
    );
    return pageTitle(routeTitle(path, locale), companyName);
  };
