import { describe, expect, it } from 'vitest';
import { LOCALES, isLocale, localeFromBrowser, localeFromConfigLang } from '../../protocol';

describe('locales', () => {
  it('lists the eleven locales of the spec', () => {
    expect([...LOCALES].sort()).toEqual(['br', 'cn', 'de', 'es', 'fr', 'it', 'jp', 'kr', 'ru', 'tw', 'us']);
  });

  it('selects the locale from the part of the config lang after the dash', () => {
    expect(localeFromConfigLang('en-us')).toBe('us');
    expect(localeFromConfigLang('zh-cn')).toBe('cn');
    expect(localeFromConfigLang('pt-BR')).toBe('br');
    expect(localeFromConfigLang('de-de')).toBe('de');
    expect(localeFromConfigLang('en-gb')).toBeNull();
    expect(localeFromConfigLang('us')).toBeNull();
    expect(localeFromConfigLang('')).toBeNull();
  });

  it('reads cn for a Chinese browser and us for any other', () => {
    expect(localeFromBrowser('zh-CN')).toBe('cn');
    expect(localeFromBrowser('zh-TW')).toBe('cn');
    expect(localeFromBrowser('de-DE')).toBe('us');
    expect(localeFromBrowser(undefined)).toBe('us');
  });

  it('accepts only the known locale codes', () => {
    expect(isLocale('jp')).toBe(true);
    expect(isLocale('ja')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
