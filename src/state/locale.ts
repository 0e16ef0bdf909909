import { proxy } from 'valtio';
import { LANG_COOKIE } from '../../protocol/boot';
import { isLocale, localeFromBrowser, type Locale } from '../../protocol/locales';
import { KEYS, local } from './storage';

/** The locale chosen by this reader (localStorage `lang`), if any. */
export const storedLocale = (): Locale | null => {
  const v = local.get(KEYS.lang);
  return isLocale(v) ? v : null;
};

/** The locale sent as the `Lang` header: the stored one, else `cn` or `us` from the browser. */
export const requestLocale = (): Locale =>
  storedLocale() ?? localeFromBrowser(typeof navigator === 'undefined' ? undefined : navigator.language);

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
