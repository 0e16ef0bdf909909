import { expect } from 'vitest';
import type { ErrorName } from '../../../protocol';
import { AppError } from '../../../server/domain/appError';

/** Awaits `p` and checks it failed with the catalogued error `name`; answers the error. */
export const rejectsWith = async (p: Promise<unknown>, name: ErrorName): Promise<AppError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).errorName).toBe(name);
    return e as AppError;
  }
  throw new Error(`expected app.msg.${name}, but it succeeded`);
};

/** The same for a function that throws synchronously. */
export const throwsWith = (fn: () => unknown, name: ErrorName): AppError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).errorName).toBe(name);
    return e as AppError;
  }
  throw new Error(`expected app.msg.${name}, but it succeeded`);
};
