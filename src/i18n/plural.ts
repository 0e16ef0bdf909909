import { isLocale, LOCALE_TAGS } from '../../protocol/locales';

const rules = new Map<string, Intl.PluralRules>();

/**
 * The key of `key`'s form for the count `n` in `locale`: `key_one`, `key_few`, `key_many` or
 * `key_other`, the CLDR categories the language's own rules choose (Russian tells 1, 2–4 and 5
 * days apart; Chinese has one form). i18next's own plurals are not used: it picks rules by the
 * language code, and ours are not language tags (`us`, `jp`; `br` is Breton's).
 */
export const pluralKey = (key: string, n: number, locale: string): string => {
  const tag = isLocale(locale) ? LOCALE_TAGS[locale] : LOCALE_TAGS.us;
  let rule = rules.get(tag);
  if (!rule) rules.set(tag, (rule = new Intl.PluralRules(tag)));
  return `${key}_${rule.select(n)}`;
};
