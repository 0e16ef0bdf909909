import type { Locale } from '../../protocol';
import { switchI18n } from '../i18n';
import { rememberLocale } from './locale';

/** Switches the whole app: labels, titles, and the `Lang` header of every later request. */
export const changeLocale = async (locale: Locale) => {
  await switchI18n(locale);
  rememberLocale(locale);
};
