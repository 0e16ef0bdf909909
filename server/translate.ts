import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../protocol/locales';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

const locales = new Map<Locale, Record<string, unknown>>();

/** A translation of `locale` by its dotted key (`route.market`), the locale file read once: for
 * the words the server writes into a page before the app's own translations have arrived. */
export const translate = (locale: Locale, key: string): string => {
  let file = locales.get(locale);
  if (!file) {
    file = JSON.parse(fs.readFileSync(`${LOCALES_DIR}${locale}.json`, 'utf8')) as Record<string, unknown>;
    locales.set(locale, file);
  }
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file) as string;
};
