import { ZodError } from 'zod';
import { AppError } from '../domain/appError';

/** A field of a refusal's data worth printing beside its key: why, or the limit it passed. */
const detail = (data: unknown, field: 'reason' | 'value') =>
  data && typeof data === 'object' && field in data
    ? ` (${String((data as Record<string, unknown>)[field])})`
    : '';

/** The limits a refusal for being outside them carries, as `(min … max)`. */
const range = (data: unknown) => {
  const d = (data ?? {}) as { min?: unknown; max?: unknown };
  return d.min !== undefined && d.max !== undefined ? ` (${String(d.min)} … ${String(d.max)})` : '';
};

/** How every area's commands answer a refusal thrown by the rules they call: a catalogued error as
 * `refused: <key>` with its reason or limit, and first the field it names (`refused: <field>:
 * <key>`, as a schema's refusal reads), exit code 1; a value a schema refused, with what was wrong
 * where, exit code 2 (as for a mistyped command). Anything else is a fault and goes on up. */
export const refused = (out: (line: string) => void, e: unknown): number => {
  if (e instanceof AppError) {
    const data = e.data as { field?: unknown } | null;
    const where = typeof data?.field === 'string' ? `${data.field}: ` : '';
    out(`refused: ${where}${e.key}${detail(data, 'reason')}${detail(data, 'value')}${range(data)}`);
    return 1;
  }
  if (e instanceof ZodError) {
    out(`refused: ${e.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}`);
    return 2;
  }
  throw e;
};
