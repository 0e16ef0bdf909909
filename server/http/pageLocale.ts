import type { FastifyRequest } from 'fastify';
import { LANG_COOKIE } from '../../protocol/boot';
import { isLocale, localeFromBrowser, type Locale } from '../../protocol/locales';

/** A cookie's raw value: the language codes are plain letters, so nothing is decoded (a malformed
 * escape in someone's cookie must not fail the page). */
const cookie = (header: string | undefined, name: string): string | undefined => {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

/** The language a page is for, as the app will pick it: the reader's stored choice (its cookie),
 * else the site's own language (the config's `lang`, which the app applies for a reader who has
 * not chosen: src/app/siteDefaults.ts), else the browser's first language as `localeFromBrowser`
 * reads navigator.language. The app starts in the language the page is written in
 * (src/state/locale.ts), so the first paint and the first calls agree. */
export const pageLocale = (req: FastifyRequest, siteLocale: Locale | null): Locale => {
  const chosen = cookie(req.headers.cookie, LANG_COOKIE);
  if (isLocale(chosen)) return chosen;
  return siteLocale ?? localeFromBrowser(req.headers['accept-language']?.split(',')[0]?.trim());
};
