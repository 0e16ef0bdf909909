import { initI18n, i18n } from '../../src/i18n';

/** The real i18n instance with the real locale files, in English unless a test switches. */
export const setupI18n = async () => {
  if (!i18n.isInitialized) await initI18n('us');
  else await i18n.changeLanguage('us');
  return i18n;
};
