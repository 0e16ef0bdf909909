import { describe, expect, it } from 'vitest';
import { canonicalDecimal, decimalInput } from '../../../../src/components/form/decimalInput';

describe('decimalInput', () => {
  it('reads a lone comma as the decimal point, as comma keypads type it', () => {
    expect(decimalInput('12,5')).toBe('12.5');
    expect(decimalInput('0,')).toBe('0.');
    expect(decimalInput(',5')).toBe('.5');
  });

  it('drops spaces, grouping ones included', () => {
    expect(decimalInput(' 1 000,25 ')).toBe('1000.25');
    expect(decimalInput('1\u202f000\u00a0000')).toBe('1000000');
  });

  it('leaves a point, and what it cannot read for sure, as typed', () => {
    expect(decimalInput('12.5')).toBe('12.5');
    expect(decimalInput('1.234,5')).toBe('1.234,5');
    expect(decimalInput('1,234.5')).toBe('1,234.5');
    expect(decimalInput('1,234,5')).toBe('1,234,5');
    expect(decimalInput('')).toBe('');
  });
});

describe('canonicalDecimal', () => {
  it('reads a number as a person means it, in the form the server takes', () => {
    expect(canonicalDecimal('10.')).toBe('10');
    expect(canonicalDecimal('00010')).toBe('10');
    expect(canonicalDecimal('.5')).toBe('0.5');
    expect(canonicalDecimal('00.5')).toBe('0.5');
    expect(canonicalDecimal('0')).toBe('0');
    expect(canonicalDecimal('0.0')).toBe('0.0');
    expect(canonicalDecimal('12.50')).toBe('12.50');
  });

  it('leaves what is not a number for validation to refuse', () => {
    expect(canonicalDecimal('')).toBe('');
    expect(canonicalDecimal('abc')).toBe('abc');
    expect(canonicalDecimal('1.2.3')).toBe('1.2.3');
    expect(canonicalDecimal('-5')).toBe('-5');
  });
});
