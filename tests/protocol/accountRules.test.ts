import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX, nameKey, plainName, suffixedNickname } from '../../protocol';

describe('nameKey', () => {
  it('folds a username to its lower case, as username_key always held it', () => {
    for (const name of ['DemoTrader', 'demo_trader_1', 'A_B_C_D_E_F_G', 'ZZZZZZ9'])
      expect(nameKey(name)).toBe(name.toLowerCase());
  });

  it('makes names that look the same one name', () => {
    const same = [
      ['DemoTrader', 'ＤｅｍｏＴｒａｄｅｒ', 'demotrader', 'DEMOTRADER', 'Demo\u200dTrader', '𝐃𝐞𝐦𝐨𝐓𝐫𝐚𝐝𝐞𝐫'],
      ['Straße', 'STRASSE', 'STRAẞE', 'strasse'],
      ['ΟΔΥΣΣΕΥΣ', 'οδυσσευσ', 'οδυσσευς'],
      ['Demo Trader', 'Demo\u3000Trader', 'Demo  Trader', 'Demo\u00a0Trader'],
      ['office', 'oﬃce'],
    ];
    for (const names of same) expect(new Set(names.map(nameKey)).size).toBe(1);
  });

  it('keeps apart names that look different', () => {
    const different = ['Ulrich', 'Ülrich', 'DemoTrader1', 'Demo Trader', 'DemoTrader_'];
    expect(new Set([...different, 'DemoTrader'].map(nameKey)).size).toBe(different.length + 1);
  });

  it('is its own key', () => {
    for (const name of ['ＤｅｍｏＴｒａｄｅｒ', 'İSTANBUL', 'ΐ', 'ǅemo', '\ufdfa', 'ŉ']) {
      const key = nameKey(name);
      expect(nameKey(key)).toBe(key);
    }
  });
});

describe('plainName', () => {
  it('is what nameKey folds: widths and what shows nothing gone, the case and the script kept', () => {
    expect(plainName('Ｄｅｍｏ\u200dTrader')).toBe('DemoTrader');
    expect(plainName('D\u0435mo')).toBe('D\u0435mo');
    expect(nameKey('Ｄｅｍｏ\u200dTrader')).toBe(nameKey(plainName('Ｄｅｍｏ\u200dTrader')));
  });
});

describe('suffixedNickname', () => {
  it('cuts by characters to fit, an underscore and four digits after', () => {
    expect(suffixedNickname('newcomer1', 7)).toBe('newcomer1_0007');
    const long = suffixedNickname('😀'.repeat(NICKNAME_MAX), 1234);
    expect(long).toBe(`${'😀'.repeat(NICKNAME_MAX - 5)}_1234`);
    expect([...long]).toHaveLength(NICKNAME_MAX);
  });
});
