import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from '../../../server/http/validate';

const optional = z.strictObject({ page: z.string().optional() });

describe('parseInput', () => {
  it('reads a part not sent, or sent as null, as an empty one', () => {
    expect(parseInput(optional, undefined)).toEqual({});
    expect(parseInput(optional, null)).toEqual({});
    expect(() => parseInput(z.strictObject({ page: z.string() }), null)).toThrow(
      expect.objectContaining({ errorName: 'parameter_error', data: { field: 'page' } }),
    );
  });

  it.each([
    ['an array', []],
    ['a number', 7],
    ['a string', 'page=1'],
  ])('refuses %s where an object is due, as parameter_error naming no field', (_name, input) => {
    expect(() => parseInput(optional, input)).toThrow(
      expect.objectContaining({ errorName: 'parameter_error', data: null }),
    );
  });

  it('names an unknown field and the first bad one', () => {
    expect(() => parseInput(optional, { pgae: '1' })).toThrow(
      expect.objectContaining({ errorName: 'unknown_parameter', data: { field: 'pgae' } }),
    );
    expect(() => parseInput(optional, { page: 1 })).toThrow(
      expect.objectContaining({ errorName: 'parameter_error', data: { field: 'page' } }),
    );
  });
});
