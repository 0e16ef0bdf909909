import { describe, expect, it } from 'vitest';
import { ROW_ID_MAX } from '../../../protocol/rowId';
import { idParam } from '../../../src/app/idParam';

describe('idParam', () => {
  it('reads an id written in plain digits', () => {
    expect(idParam('34')).toBe(34);
    expect(idParam(String(ROW_ID_MAX))).toBe(ROW_ID_MAX);
  });

  it('names no record for anything else, however Number would read it', () => {
    const tooLarge = [String(ROW_ID_MAX + 1), '99999999999', '9007199254740993'];
    for (const text of [
      null,
      '',
      '0',
      '-1',
      '1.5',
      '0x22',
      '1e1',
      ' 3',
      '3 ',
      '034',
      '+3',
      'abc',
      '34abc',
      ...tooLarge,
    ])
      expect(idParam(text), String(text)).toBeNaN();
  });
});
