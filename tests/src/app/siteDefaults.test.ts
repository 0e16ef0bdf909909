import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GlobalConfig } from '../../../protocol';
import { applySiteDefaults } from '../../../src/app/siteDefaults';
import { i18n } from '../../../src/i18n';
import { localeState } from '../../../src/state/locale';
import { setupI18n } from '../../setup/i18n';

const config = (over: Partial<GlobalConfig>): GlobalConfig => ({
  certification: true,
  lang: 'en-us',
  custom: '',
  thirdPartyWithdrawalAddress: true,
  h5ico: '/favicon.svg',
  appDownloadLink: '',
  logo: '',
  companyName: '',
  ...over,
});

beforeAll(setupI18n);
beforeEach(async () => {
  await i18n.changeLanguage('us');
  document.head.innerHTML = '';
});

describe('site defaults from the global config', () => {
  it('sets the favicon from h5ico', async () => {
    await applySiteDefaults(config({ h5ico: '/icons/site.ico' }));
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/icons/site.ico',
    );
  });

  it('takes the locale after the dash of lang when the reader has not chosen one', async () => {
    await applySiteDefaults(config({ lang: 'de-de' }));
    expect(i18n.language).toBe('de');
    expect(localeState.locale).toBe('de');
    expect(localStorage.getItem('lang')).toBe('de');
  });

  it('keeps the reader’s own choice', async () => {
    localStorage.setItem('lang', 'jp');
    await applySiteDefaults(config({ lang: 'de-de' }));
    expect(i18n.language).toBe('us');
    expect(localStorage.getItem('lang')).toBe('jp');
  });

  it('ignores a lang whose second part is no locale', async () => {
    await applySiteDefaults(config({ lang: 'en-gb' }));
    expect(i18n.language).toBe('us');
    expect(localStorage.getItem('lang')).toBeNull();
  });
});
