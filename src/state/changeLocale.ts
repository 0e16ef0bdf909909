import type { Locale } from '../../protocol';
import { loadTranslations, switchI18n } from '../i18n';
import { localeState, rememberLocale, requestLocale } from './locale';
import { KEYS } from './storage';

/** Switches the whole app: labels, titles, and the `Lang` header of every later request. The
 * choice is stored before the labels switch, because switching them makes every screen ask for
 * its content again, and those requests must already carry the new language. Labels that cannot
 * be downloaded change nothing. */
export const changeLocale = async (locale: Locale) => {
  await loadTranslations(locale);
  rememberLocale(locale);
  await switchI18n(locale);
};

/** Requests carry the stored language (spec §7), which every tab shares: when another tab
 * chooses one, this tab switches to it too, so its labels match what its requests ask for. */
export const followOtherTabs = () =>
  window.addEventListener('storage', (event) => {
    // A null key is the whole storage cleared.
    if (event.key !== null && event.key !== KEYS.lang) return;
    const locale = requestLocale();
    if (locale !== localeState.locale) changeLocale(locale).catch(() => undefined);
  });
