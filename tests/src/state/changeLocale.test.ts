import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/i18n';
import { changeLocale, followOtherTabs } from '../../../src/state/changeLocale';
import { localeState, requestLocale } from '../../../src/state/locale';
import { setupI18n } from '../../setup/i18n';

/** What another tab does: write the stored language, which this tab hears as a storage event. */
const otherTabStores = (key: string, value: string) => {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
};

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(async () => {
  await setupI18n();
  followOtherTabs();
});
beforeEach(async () => {
  await changeLocale('us');
});
afterEach(async () => {
  await changeLocale('us');
});

describe('changing the language', () => {
  it('stores it before the labels switch, so the screens’ new requests already carry it', async () => {
    const carriedAtSwitch: string[] = [];
    const onSwitch = () => carriedAtSwitch.push(requestLocale());
    i18n.on('languageChanged', onSwitch);
    try {
      await changeLocale('kr');
    } finally {
      i18n.off('languageChanged', onSwitch);
    }
    expect(carriedAtSwitch).toEqual(['kr']);
    expect(i18n.language).toBe('kr');
  });
});

describe('a language chosen in another tab', () => {
  it('switches this tab’s labels to the language its requests now carry', async () => {
    await changeLocale('de');
    otherTabStores('lang', 'kr');
    await settled();
    expect(requestLocale()).toBe('kr');
    expect(i18n.language).toBe('kr');
    expect(localeState.locale).toBe('kr');
    expect(document.documentElement.lang).toBe('ko-KR');
  });

  it('is not confused by other keys or by a value that is no language', async () => {
    await changeLocale('de');
    otherTabStores('theme', 'light');
    otherTabStores('lang', 'klingon');
    await settled();
    // An unknown stored value means the browser's default, which requests now carry.
    expect(i18n.language).toBe(requestLocale());
    otherTabStores('theme', 'dark');
    await settled();
    expect(i18n.language).toBe(requestLocale());
  });
});
