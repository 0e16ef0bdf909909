import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatMoney,
  formatPercent,
  formatSignedMoney,
} from '../../../src/components/format';

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

describe('formatSignedMoney', () => {
  it('signs money in and out as the reader\u2019s locale signs a number, and a refund not at all', () => {
    expect(formatSignedMoney('80', 'us')).toBe('+80.00');
    expect(formatSignedMoney('-1250.5', 'de')).toBe('-1.250,50');
    expect(formatSignedMoney('0.00000000', 'fr')).toBe('0,00');
    expect(formatSignedMoney('-0.00', 'us')).toBe('0.00');
    expect(formatSignedMoney('0.00000001', 'us')).toBe('+0.00000001');
  });
});

describe('formatMoney', () => {
  it('shows an amount with at least its cents, in the reader\u2019s style', () => {
    expect(formatMoney('1700', 'us')).toBe('1,700.00');
    expect(formatMoney('1.7', 'fr')).toBe('1,70');
    expect(formatMoney('0', 'de')).toBe('0,00');
  });

  it('drops the zeros that only pad an amount, down to its cents', () => {
    expect(formatMoney('100.00000000', 'us')).toBe('100.00');
    expect(formatMoney('0.50000000', 'us')).toBe('0.50');
  });

  it('keeps every digit it has past the cents', () => {
    expect(formatMoney('941.0603', 'us')).toBe('941.0603');
    expect(formatMoney('0.00000002', 'us')).toBe('0.00000002');
    expect(formatMoney('123456789012345.12345678', 'us')).toBe('123,456,789,012,345.12345678');
  });
});

describe('formatCompact', () => {
  it('shortens a volume to two places, or to the significant digits asked for', () => {
    expect(formatCompact('1069250000', 'us')).toBe('1.07B');
    expect(formatCompact('1069250000', 'es')).toBe('1069,25\u00a0M');
    expect(formatCompact('1069250000', 'es', 3)).toBe('1070\u00a0M');
    expect(formatCompact('98765432.1', 'de', 3)).toBe('98,8\u00a0Mio.');
  });

  it('keeps its digits when the last ones are zeros, so a live volume does not jump in width', () => {
    // "10.91K" then "10.9K", "1.07B" then "1.1B" as the 24 hours rolled on.
    expect(formatCompact('10900', 'us')).toBe('10.90K');
    expect(formatCompact('1100000000', 'us', 3)).toBe('1.10B');
    expect(formatCompact('466300000', 'ru')).toBe('466,30\u00a0млн');
    expect(formatCompact('0', 'us')).toBe('0.00');
  });
});
