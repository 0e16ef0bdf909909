import { ZodError, type core } from 'zod';
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

// Zod's own wording ("Invalid input: expected number, received NaN", "Too big: expected number to be
// <=8") is a developer's; a schema's own message (an app.msg.* key, "must be true or false") is
// kept as written.
const ZOD_WORDING = /^(Invalid |Too (big|small)|Unrecognized key)/;

const bound = (issue: { origin?: string }, n: unknown) =>
  issue.origin === 'string'
    ? `${String(n)} characters`
    : issue.origin === 'array'
      ? `${String(n)} items`
      : String(n);

/** What one issue says is wrong, in the operator's words. */
export const issueText = (issue: core.$ZodIssue): string => {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return 'is missing';
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'must be a number'
        : issue.expected === 'boolean'
          ? 'must be true or false'
          : issue.expected === 'string'
            ? 'must be text'
            : `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_big':
      return `must be at most ${bound(issue, issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'must not be empty'
        : `must be at least ${bound(issue, issue.minimum)}`;
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length > 1 ? 'keys' : 'key'}: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return 'is not in the expected form';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return 'is not valid';
  }
};

/** What a schema refused, field by field: the first thing wrong with each. */
export const issuesText = (e: ZodError) => {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of e.issues) {
    const where = issue.path.join('.');
    if (seen.has(where)) continue;
    seen.add(where);
    const text = issueText(issue);
    parts.push(where ? `${where}: ${text}` : text);
  }
  return parts.join('; ');
};

/** How every area's commands answer a refusal thrown by the rules they call: a catalogued error as
 * `refused: <key>` with its reason or limit, and first the field it names (`refused: <field>:
 * <key>`, as a schema's refusal reads), exit code 1; a value a schema refused, with what was wrong
 * where, exit code 2 (as for a mistyped command). Anything else is a fault and goes on up.
 * `sought` names the record a command asked for by id: a record not found says which (`(no
 * deposit #12)`), as the key alone does not. */
export const refused = (out: (line: string) => void, e: unknown, sought?: string): number => {
  if (e instanceof AppError) {
    const data = e.data as { field?: unknown } | null;
    const where = typeof data?.field === 'string' ? `${data.field}: ` : '';
    const none = sought && e.errorName === 'record_not_found' ? ` (no ${sought})` : '';
    out(`refused: ${where}${e.key}${detail(data, 'reason')}${detail(data, 'value')}${range(data)}${none}`);
    return 1;
  }
  if (e instanceof ZodError) {
    out(`refused: ${issuesText(e)}`);
    return 2;
  }
  throw e;
};
