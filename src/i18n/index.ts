import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isDataKey, isMsgKey } from '../../protocol/errors';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../../protocol/locales';
import us from '../../locales/us.json';

type Resources = Record<string, unknown>;

// One chunk per locale: only the reader's language is downloaded. English, the fallback, is always
// needed, so it ships in the entry and the first render waits for no further request.
const loaders = import.meta.glob<Resources>(['../../locales/*.json', '!../../locales/us.json'], {
  import: 'default',
});

const loaderFor = (locale: Locale) => loaders[`../../locales/${locale}.json`];

export const i18n = i18next.createInstance();

/** Downloads a locale's labels without showing them yet. */
export const loadTranslations = async (locale: Locale) => {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const load = loaderFor(locale);
  if (!load) throw new Error(`no locale file for ${locale}`);
  i18n.addResourceBundle(locale, 'translation', await load(), true, true);
};

export const initI18n = async (locale: Locale) => {
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { us: { translation: us } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTranslations(DEFAULT_LOCALE);
  await switchI18n(locale);
};

export const switchI18n = async (locale: Locale) => {
  await loadTranslations(locale);
  await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[locale];
};

/** Translates a server key (`app.msg.*`, `app.data.*`); a plain sentence passes through. */
export const translateKey = (value: string): string =>
  isMsgKey(value) || isDataKey(value) ? i18n.t(value) : value;
