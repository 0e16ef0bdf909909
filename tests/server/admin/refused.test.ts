import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refused } from '../../../server/admin/refused';
import { AppError } from '../../../server/domain/appError';

const answer = (e: unknown) => {
  const lines: string[] = [];
  const code = refused((l) => lines.push(l), e);
  return { code, lines };
};

describe('an operator command refused', () => {
  it('prints a catalogued refusal by its key, exit code 1', () => {
    expect(answer(new AppError('record_not_found'))).toEqual({
      code: 1,
      lines: ['refused: app.msg.record_not_found'],
    });
  });

  it('prints the reason and the limit a refusal names', () => {
    expect(answer(new AppError('parameter_error', { reason: 'state' })).lines).toEqual([
      'refused: app.msg.parameter_error (state)',
    ]);
    expect(
      answer(new AppError('outside_limit', { message: 'app.msg.outside_limit', value: '10' })).lines,
    ).toEqual(['refused: app.msg.outside_limit (10)']);
    expect(answer(new AppError('outside_limit', { min: '10', max: '1000000' })).lines).toEqual([
      'refused: app.msg.outside_limit (10 … 1000000)',
    ]);
    expect(answer(new AppError('parameter_error', { field: 'minAmount' })).lines).toEqual([
      'refused: minAmount: app.msg.parameter_error',
    ]);
  });

  it('prints what a schema refused and where, exit code 2', () => {
    const parsed = z.object({ id: z.number().int() }).safeParse({ id: 1.5 });
    expect(parsed.success).toBe(false);
    const { code, lines } = answer(parsed.error);
    expect(code).toBe(2);
    expect(lines[0]).toMatch(/^refused: id: /);
  });

  it('lets a fault go on up', () => {
    expect(() => answer(new Error('disk full'))).toThrow('disk full');
  });
});
