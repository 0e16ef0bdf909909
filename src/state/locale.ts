import { proxy } from 'valtio';
import { LANG_COOKIE } from '../../protocol/boot';
import { LOCALES, LOCALE_TAGS, isLocale, localeFromBrowser, type Locale } from '../../protocol/locales';
import { KEYS, local } from './storage';

/** The locale chosen by this reader (localStorage `lang`), if any. */
export const storedLocale = (): Locale | null => {
  const v = local.get(KEYS.lang);
  return isLocale(v) ? v : null;
};

/** The locale the server wrote the page in (`<html lang>`, server/http/pageLocale.ts): the
 * reader's choice, else the site's language, else the browser's. Null on a page it did not write
 * (the dev server's). */
const pageLocale = (): Locale | null => {
  const tag = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return LOCALES.find((l) => LOCALE_TAGS[l] === tag) ?? null;
};

/** The locale sent as the `Lang` header: the stored one, else the page's, else `cn` or `us` from
 * the browser (spec §7), so that the first calls ask in the language the first paint was in. */
export const requestLocale = (): Locale =>
  storedLocale() ??
  pageLocale() ??
  localeFromBrowser(typeof navigator === 'undefined' ? undefined : navigator.language);

export const localeState = proxy<{ locale: Locale }>({ locale: requestLocale() });

const YEAR_S = 365 * 24 * 3600;

/** The server writes the next page in this language before any script runs (lang, banner). */
const tellServer = (locale: Locale) => {
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${YEAR_S}; samesite=lax`;
};

export const rememberLocale = (locale: Locale) => {
  local.set(KEYS.lang, locale);
  tellServer(locale);
  localeState.locale = locale;
};

// A choice stored before the server read the cookie.
const stored = typeof document === 'undefined' ? null : storedLocale();
if (stored) tellServer(stored);
