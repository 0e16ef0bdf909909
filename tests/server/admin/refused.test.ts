import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesText, refused } from '../../../server/admin/refused';
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

  it('says what a schema refused in words, once a field, keeping a message the schema wrote itself', () => {
    const schema = z
      .object({
        days: z.number().int().min(1),
        name: z.string().min(1),
        title: z.string().max(3),
        kind: z.enum(['aboutUs', 'msb']),
        on: z.boolean({ error: 'must be true or false' }),
        rate: z
          .string()
          .regex(/^\d+$/)
          .refine(() => false, 'app.msg.parameter_error'),
        asset: z.string(),
      })
      .strict();
    const parsed = schema.safeParse({
      days: Number('abc'),
      name: '',
      title: 'long',
      kind: 'x',
      on: 'yes',
      rate: 'a',
      colour: 'red',
    });
    expect(issuesText(parsed.error!)).toBe(
      [
        'days: must be a number',
        'name: must not be empty',
        'title: must be at most 3 characters',
        'kind: must be one of aboutUs, msb',
        'on: must be true or false',
        'rate: is not in the expected form',
        'asset: is missing',
        'unknown key: colour',
      ].join('; '),
    );
    const { lines } = answer(z.number().int().max(8).safeParse(9).error);
    expect(lines).toEqual(['refused: must be at most 8']);
  });

  it('names the record an id found none of', () => {
    const lines: string[] = [];
    refused((l) => lines.push(l), new AppError('record_not_found'), { record: 'deposit #12' });
    refused((l) => lines.push(l), new AppError('parameter_error'), { record: 'deposit #12' });
    refused((l) => lines.push(l), new AppError('account_not_exist'), { record: 'operator ops' });
    expect(lines).toEqual([
      'refused: app.msg.record_not_found (no deposit #12)',
      'refused: app.msg.parameter_error',
      'refused: app.msg.account_not_exist (no operator ops)',
    ]);
  });

  it('names the value typed that a refusal is about, by the field it names or else by its key', () => {
    const lines: string[] = [];
    const typed = { minAmount: 'abc', amount_invalid: '1e3', title: ' ' };
    const say = (e: unknown) => refused((l) => lines.push(l), e, { typed });
    expect(say(new AppError('parameter_error', { field: 'minAmount' }))).toBe(1);
    say(new AppError('amount_invalid'));
    // Not for another field, a value the refusal carries itself, or a value left blank.
    say(new AppError('parameter_error', { field: 'maxAmount' }));
    say(new AppError('amount_invalid', { field: 'minAmount', value: '10' }));
    say(new AppError('field_required', { field: 'title' }));
    const schema = z.object({ minAmount: z.string().refine(() => false, 'app.msg.parameter_error') });
    expect(say(schema.safeParse({ minAmount: 'abc' }).error)).toBe(2);
    expect(issuesText(z.object({ minAmount: z.number() }).safeParse({}).error!, typed)).toBe(
      'minAmount: is missing',
    );
    expect(lines).toEqual([
      'refused: minAmount: app.msg.parameter_error (abc)',
      'refused: app.msg.amount_invalid (1e3)',
      'refused: maxAmount: app.msg.parameter_error',
      'refused: minAmount: app.msg.amount_invalid (10)',
      'refused: title: app.msg.field_required',
      'refused: minAmount: app.msg.parameter_error (abc)',
    ]);
  });

  it('lets a fault go on up', () => {
    expect(() => answer(new Error('disk full'))).toThrow('disk full');
  });
});
