import { describe, expect, it } from 'vitest';
import { pluralKey } from '../../../src/i18n/plural';

describe('plural forms', () => {
  it('follows each language’s own rules, by its language tag', () => {
    const forms = (locale: string) => [0, 1, 2, 3, 5, 11, 21, 22, 25].map((n) => pluralKey('k', n, locale));
    expect(forms('us')).toEqual(['k_other', 'k_one', ...Array(7).fill('k_other')]);
    expect(forms('ru')).toEqual([
      'k_many',
      'k_one',
      'k_few',
      'k_few',
      'k_many',
      'k_many',
      'k_one',
      'k_few',
      'k_many',
    ]);
    expect(forms('fr').slice(0, 3)).toEqual(['k_one', 'k_one', 'k_other']);
    expect(forms('jp')).toEqual(Array(9).fill('k_other'));
  });

  it('reads `br` as Brazilian Portuguese, not Breton', () => {
    // Breton has a form for two; Portuguese says "2 dias" as it says "5 dias".
    expect(pluralKey('k', 2, 'br')).toBe('k_other');
    expect(pluralKey('k', 1, 'br')).toBe('k_one');
  });
});
