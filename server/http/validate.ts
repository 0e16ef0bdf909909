import type { z } from 'zod';
import { AppError } from './appError';

/**
 * Checks a request part against its wire schema. Fields the schema does not know are refused
 * (`unknown_parameter`) rather than ignored, so a client typo never passes silently; anything
 * missing or malformed is `parameter_error`. `data.field` names the first offending field.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.infer<S> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    throw new AppError('unknown_parameter', { field: [...issue.path, ...issue.keys].join('.') });
  }
  throw new AppError('parameter_error', { field: issue ? issue.path.join('.') : '' });
};
