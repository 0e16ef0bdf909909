import type { ErrorName } from '../../../protocol';
import { AppError } from '../appError';

/** A catalogued failure raised by an account rule (the HTTP layer answers it as its envelope). */
export const fail = (name: ErrorName, data: unknown = null) => new AppError(name, data);
export { AppError };
