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

/** The values a command line gave the rules, by the field they fill, or by the key of a refusal
 * about one that names no field (`amount_invalid`): a refusal shows the value it was about. */
export type Typed = Readonly<Record<string, string | undefined>>;

/** ` (value)` for the value typed for `where`; nothing for one left blank, which the key says. */
const typedValue = (typed: Typed, where: string | undefined) => {
  const value = where === undefined || !Object.hasOwn(typed, where) ? undefined : typed[where];
  return value === undefined || value.trim() === '' ? '' : ` (${value})`;
};

/** What a schema refused, field by field: the first thing wrong with each, and beside a catalogue
 * key (which says what is wrong, not with what) the value typed for it. */
export const issuesText = (e: ZodError, typed: Typed = {}) => {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of e.issues) {
    const where = issue.path.join('.');
    if (seen.has(where)) continue;
    seen.add(where);
    const text = issueText(issue);
    const shown = text.startsWith('app.msg.') ? `${text}${typedValue(typed, where)}` : text;
    parts.push(where ? `${where}: ${shown}` : shown);
  }
  return parts.join('; ');
};

/** How every area's commands answer a refusal thrown by the rules they call: a catalogued error as
 * `refused: <key>` with the value typed it is about, its reason or limit, and first the field it
 * names (`refused: <field>: <key>`, as a schema's refusal reads), exit code 1; a value a schema
 * refused, with what was wrong where, exit code 2 (as for a mistyped command). Anything else is a
 * fault and goes on up. `record` names the record, account or coin a command asked for: one not
 * found says which (`(no deposit #12)`, `(no operator night_shift)`, `(no XYZ on TRC20)`), as the
 * key alone does not. */
export const refused = (
  out: (line: string) => void,
  e: unknown,
  about: { record?: string; typed?: Typed } = {},
): number => {
  const typed = about.typed ?? {};
  if (e instanceof AppError) {
    const data = e.data as { field?: unknown; value?: unknown } | null;
    const field = typeof data?.field === 'string' ? data.field : undefined;
    const none =
      about.record && ['record_not_found', 'account_not_exist', 'currency_not_exist'].includes(e.errorName)
        ? ` (no ${about.record})`
        : '';
    // A refusal carrying its own value, or saying which record, says it already.
    const value = none || (data && 'value' in data) ? '' : typedValue(typed, field ?? e.errorName);
    out(
      `refused: ${field ? `${field}: ` : ''}${e.key}${value}${detail(data, 'reason')}${detail(data, 'value')}${range(data)}${none}`,
    );
    return 1;
  }
  if (e instanceof ZodError) {
    out(`refused: ${issuesText(e, typed)}`);
    return 2;
  }
  throw e;
};
