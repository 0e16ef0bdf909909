/** The eleven locales, in the order the language screen lists them. */
export const LOCALES = ['us', 'cn', 'tw', 'br', 'jp', 'kr', 'de', 'es', 'fr', 'ru', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'us';

/** Each language's own name: shown untranslated so a reader always finds their language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  us: 'English',
  cn: '简体中文',
  tw: '繁體中文',
  br: 'Português (Brasil)',
  jp: '日本語',
  kr: '한국어',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  it: 'Italiano',
};

/** BCP 47 tags for `Intl` formatting and the document's `lang` attribute. */
export const LOCALE_TAGS: Record<Locale, string> = {
  us: 'en-US',
  cn: 'zh-CN',
  tw: 'zh-TW',
  br: 'pt-BR',
  jp: 'ja-JP',
  kr: 'ko-KR',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  ru: 'ru-RU',
  it: 'it-IT',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The config's `lang` has the form `xx-yy`; the part after the dash selects the locale. */
export const localeFromConfigLang = (lang: string | null | undefined): Locale | null => {
  if (!lang) return null;
  const part = lang.split('-')[1]?.toLowerCase();
  return isLocale(part) ? part : null;
};

/** The `Lang` header: the stored choice, else `cn` for a Chinese browser and `us` for any other. */
export const localeFromBrowser = (navigatorLanguage: string | undefined): Locale =>
  navigatorLanguage?.toLowerCase().startsWith('zh') ? 'cn' : 'us';

export const LANG_HEADER = 'lang';
export const TOKEN_HEADER = 'token';
