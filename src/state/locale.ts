import { proxy } from 'valtio';
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

export const rememberLocale = (locale: Locale) => {
  local.set(KEYS.lang, locale);
  localeState.locale = locale;
};
