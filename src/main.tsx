import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { localeFromConfigLang } from '../protocol/locales';
import { createAppRouter } from './app/router';
import { initI18n, i18n } from './i18n';
import { changeLocale } from './state/changeLocale';
import { loadSiteConfig } from './state/config';
import { localeState, storedLocale } from './state/locale';
import { applyTheme } from './state/theme';
import './styles/index.css';

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

const start = async () => {
  applyTheme();
  await initI18n(localeState.locale);
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  const config = await loadSiteConfig();
  if (!config) return;
  setFavicon(config.h5ico);
  // The site's default language applies until the reader picks one.
  const siteLocale = localeFromConfigLang(config.lang);
  if (!storedLocale() && siteLocale) await changeLocale(siteLocale);
};

void start();
