import { DEFAULT_LOCALE, type Locale } from '../../../protocol';

/** Rows in the reader's locale, or the default locale's when that one has none, so a missing
 * translation shows English rather than an empty screen. */
export const withLocaleFallback = async <T>(
  locale: Locale,
  fetch: (locale: Locale) => Promise<T[]>,
): Promise<T[]> => {
  const rows = await fetch(locale);
  return rows.length > 0 || locale === DEFAULT_LOCALE ? rows : fetch(DEFAULT_LOCALE);
};
