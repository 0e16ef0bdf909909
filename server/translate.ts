import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../protocol/locales';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

const locales = new Map<Locale, Record<string, unknown>>();

/** The text of `locale` for a dotted key (`route.market`), the locale file read once, or undefined
 * where the file has none. */
export const translation = (locale: Locale, key: string): string | undefined => {
  let file = locales.get(locale);
  if (!file) {
    file = JSON.parse(fs.readFileSync(`${LOCALES_DIR}${locale}.json`, 'utf8')) as Record<string, unknown>;
    locales.set(locale, file);
  }
  const text = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      file,
    );
  return typeof text === 'string' ? text : undefined;
};

/** A translation of `locale` by its dotted key, for the words the server writes into a page before
 * the app's own translations have arrived; the key itself where there is none, as the app shows it. */
export const translate = (locale: Locale, key: string): string => translation(locale, key) ?? key;
