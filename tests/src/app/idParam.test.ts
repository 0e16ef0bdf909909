import { describe, expect, it } from 'vitest';
import { idParam } from '../../../src/app/idParam';

describe('idParam', () => {
  it('reads an id written in plain digits', () => {
    expect(idParam('34')).toBe(34);
    expect(idParam('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('names no record for anything else, however Number would read it', () => {
    for (const text of [null, '', '0', '-1', '1.5', '0x22', '1e1', ' 3', '3 ', '034', '+3', 'abc', '34abc'])
      expect(idParam(text), String(text)).toBeNaN();
  });
});
