import type { z } from 'zod';
import { ERRORS, MSG_PREFIX, type ErrorName } from '../../protocol';
import { AppError } from '../domain/appError';

/**
 * Checks a request part against its wire schema. Fields the schema does not know are refused
 * (`unknown_parameter`) rather than ignored, so a client typo never passes silently; anything
 * missing or malformed is `parameter_error`, unless the schema's rule names its own catalogued
 * message (a password too short says so). `data.field` names the first offending field, if any. A part
 * not sent, or sent as JSON `null`, reads as an empty one: a logout sent with `null` logs out, and
 * an order sent with `null` lacks its fields like one sent with nothing.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.infer<S> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    // The issue lists every unknown key of one object: joined, they read as a path that is not
    // there (`a.b` for a body with `a` and `b`), and a body of many keys came back whole.
    throw new AppError('unknown_parameter', { field: [...issue.path, issue.keys[0]].join('.') });
  }
  // A rule from protocol/ names its own message; any other failure is a plain parameter error.
  const named = issue?.message.startsWith(MSG_PREFIX) ? issue.message.slice(MSG_PREFIX.length) : '';
  const errorName: ErrorName = named in ERRORS ? (named as ErrorName) : 'parameter_error';
  // A body that is no object at all (a JSON string, a number) names no field: `data` is then null.
  const field = issue?.path.join('.');
  throw new AppError(errorName, field ? { field } : null);
};
