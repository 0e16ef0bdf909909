import { describe, expect, it } from 'vitest';
import { formatChange, formatPercent } from '../../../src/components/format';

describe('formatPercent', () => {
  it('writes a rate in the reader\u2019s percent style, with its own digits', () => {
    expect(formatPercent('7.30', 'us')).toBe('7.30%');
    expect(formatPercent('7.30', 'de')).toBe('7,30\u00a0%');
    expect(formatPercent('10.95', 'fr')).toBe('10,95\u00a0%');
    expect(formatPercent('12', 'us')).toBe('12%');
  });

  it('keeps every digit a float would lose', () => {
    expect(formatPercent('0.123456789012345678', 'us')).toBe('0.123456789012345678%');
    expect(formatPercent('1234.5', 'us')).toBe('1,234.5%');
  });
});

describe('formatChange', () => {
  it('signs a change rounded to two places, and leaves one that rounds to zero unsigned', () => {
    expect(formatChange('1.5', 'us')).toBe('+1.50%');
    expect(formatChange('-0.004', 'us')).toBe('0.00%');
    expect(formatChange('0', 'us')).toBe('0.00%');
    expect(formatChange('-3.456', 'de')).toBe('-3,46\u00a0%');
  });
});
