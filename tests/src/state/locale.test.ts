import { afterEach, describe, expect, it } from 'vitest';
import { requestLocale } from '../../../src/state/locale';
import { KEYS, local } from '../../../src/state/storage';

describe('the language the app asks in', () => {
  afterEach(() => {
    local.remove(KEYS.lang);
    document.documentElement.lang = '';
  });

  it('is the stored choice, else the one the server wrote the page in, else the browser’s', () => {
    document.documentElement.lang = 'de-DE';
    expect(requestLocale()).toBe('de');
    local.set(KEYS.lang, 'jp');
    expect(requestLocale()).toBe('jp');
    local.remove(KEYS.lang);
    // The dev server's page names no language of ours: the browser's (jsdom's is en-US).
    document.documentElement.lang = 'en';
    expect(requestLocale()).toBe('us');
  });
});
