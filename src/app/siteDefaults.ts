import type { GlobalConfig } from '../../protocol';
import { localeFromConfigLang } from '../../protocol/locales';
import { changeLocale } from '../state/changeLocale';
import { storedLocale } from '../state/locale';

const setFavicon = (href: string) => {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
};

/** What the global config sets for the whole app: the favicon (`h5ico`), and the site's language
 * (`lang: xx-yy`) for a reader who has not chosen one. */
export const applySiteDefaults = async (config: GlobalConfig) => {
  setFavicon(config.h5ico);
  const siteLocale = localeFromConfigLang(config.lang);
  if (!storedLocale() && siteLocale) await changeLocale(siteLocale);
};
