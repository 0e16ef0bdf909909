import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePwdSchema, changeWithdrawPwdSchema, loginSchema } from '../../protocol/accounts';

const tooLong = 'Abc1'.repeat(17);
const change = (oldPassword: string) => ({ oldPassword, password: 'Neu12345', confirmPassword: 'Neu12345' });

const messageAt = (schema: z.ZodType, body: unknown, field: string) =>
  schema.safeParse(body).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('a password typed to prove who one is', () => {
  it.each([
    [
      'the current login password',
      changePwdSchema,
      change(tooLong),
      'oldPassword',
      'app.msg.old_password_wrong',
    ],
    [
      'the current withdrawal password',
      changeWithdrawPwdSchema,
      change(tooLong),
      'oldPassword',
      'app.msg.old_withdraw_pwd_wrong',
    ],
    [
      'the login',
      loginSchema,
      { username: 'demotrader', password: tooLong },
      'password',
      'app.msg.login_failed',
    ],
  ])('longer than any password can be, is %s being wrong', (_, schema, body, field, refusal) => {
    expect(messageAt(schema, body, field)).toBe(refusal);
  });

  it('left empty, is asked for', () => {
    expect(messageAt(changePwdSchema, change(''), 'oldPassword')).toBe('app.msg.field_required');
  });
});
