import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../../protocol';
import {
  foldedNicknameSkeleton,
  nicknameSkeleton,
} from '../../../../server/domain/accounts/nicknameSkeleton';

const oneLook = (names: readonly string[]) => new Set(names.map(nicknameSkeleton)).size === 1;

describe('nicknameSkeleton', () => {
  it('takes letters of other scripts for the Latin ones they look like', () => {
    const same = [
      // Cyrillic е (U+0435).
      ['DemoTrader', 'D\u0435motrader', 'D\u0435mоtrаdеr'],
      // Greek capitals Α, Β, Ο and Cyrillic С.
      ['ABC', '\u0391\u0392\u0421', 'abc'],
      ['AO', '\u0391\u039f', 'ao', '\u03b1\u03bf'],
      // Mixed: Greek Ρ and Cyrillic о, а, у among Latin letters.
      ['Paypal', '\u03a1\u0430ypal', 'P\u0430\u0443p\u0430l'],
      // Cyrillic capitals whose lower cases look like no Latin letter.
      ['BAHK', '\u0412\u0410\u041d\u041a'],
    ];
    for (const names of same) expect(oneLook(names), names.join(' ')).toBe(true);
  });

  it('keeps what nameKey makes one: width, ligatures, joiners, ß, spaces', () => {
    const same = [
      ['DemoTrader', 'ＤｅｍｏＴｒａｄｅｒ', 'Demo\u200dTrader', '𝐃𝐞𝐦𝐨𝐓𝐫𝐚𝐝𝐞𝐫'],
      ['Straße', 'STRASSE'],
      ['office', 'oﬃce'],
      ['Demo Trader', 'Demo\u3000Trader', 'Demo  Trader'],
    ];
    for (const names of same) expect(oneLook(names), names.join(' ')).toBe(true);
  });

  it('takes digits for the letters they look like, as UTS #39 does', () => {
    expect(oneLook(['DemoTrader', 'Dem0Trader', 'DEM0TRADER'])).toBe(true);
    expect(oneLook(['Trader1', 'Traderl', 'TraderI', 'Trader|'])).toBe(true);
    expect(oneLook(['modern', 'rnodern'])).toBe(true);
  });

  it('keeps apart nicknames that look different', () => {
    const different = ['Ulrich', 'Ülrich', 'DemoTrader2', 'Demo Trader', 'DemoTrader_', 'Иван', 'Ivan'];
    expect(new Set([...different, 'DemoTrader'].map(nicknameSkeleton)).size).toBe(different.length + 1);
  });

  it('is taken before the case is folded, so some case twins need nameKey as well', () => {
    // "I" looks like "l", "i" does not; Cyrillic "В" looks like "B", "в" like no Latin letter.
    for (const [a, b] of [
      ['IAN', 'ian'],
      ['ИВАН', 'Иван'],
    ]) {
      expect(nicknameSkeleton(a)).not.toBe(nicknameSkeleton(b));
      expect(nameKey(a)).toBe(nameKey(b));
    }
  });

  it('has a twin taken after the case is folded, for look-alikes that differ in case too', () => {
    // All capitals with a Greek Ο against the name as usually written: the capital I looks like an
    // l, the small i does not, so neither the skeleton nor nameKey makes them one.
    for (const [a, b] of [
      ['MIRR\u039fR', 'Mirror'],
      ['\u041cIRROR', 'mirror'],
      ['LIL\u0391', 'Lila'],
    ]) {
      expect(nicknameSkeleton(a)).not.toBe(nicknameSkeleton(b));
      expect(nameKey(a)).not.toBe(nameKey(b));
      expect(foldedNicknameSkeleton(a), `${a} ${b}`).toBe(foldedNicknameSkeleton(b));
    }
    expect(foldedNicknameSkeleton('Ulrich')).not.toBe(foldedNicknameSkeleton('Ülrich'));
    expect(foldedNicknameSkeleton('Иван')).not.toBe(foldedNicknameSkeleton('Ivan'));
  });

  it('is its own skeleton', () => {
    for (const name of [
      'D\u0435motrader',
      '\u0391\u0392\u0421',
      'IAN',
      'Ｍｏｍ',
      'İSTANBUL',
      'ǅemo',
      'ŉ',
      '😀',
    ]) {
      const skeleton = nicknameSkeleton(name);
      expect(nicknameSkeleton(skeleton)).toBe(skeleton);
    }
  });
});
