import { describe, expect, it } from 'vitest';
import { afterLabel } from '../../../src/i18n/afterLabel';

describe('afterLabel', () => {
  it('puts a space after a colon, none after a full-width one', () => {
    expect(afterLabel('Reason:')).toBe(' ');
    expect(afterLabel('Motif :')).toBe(' ');
    expect(afterLabel('사유:')).toBe(' ');
    expect(afterLabel('原因：')).toBe('');
    expect(afterLabel('理由：')).toBe('');
  });
});
