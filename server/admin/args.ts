import fs from 'node:fs';
import {
  otherKindOfCode,
  unknownCode,
  REVIEW_REASON_MAX,
  REVIEW_REASONS,
  reviewReasonSchema,
  type ReviewKind,
} from '../../protocol/reviewReasons';

/** Arguments of the operator CLI's commands, read alike in every area. */

/** A whole number from 1 up (an id, a count), else null. */
export const positiveInt = (raw: string | undefined) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/** A file named with @ that cannot be read: told as a mistyped argument, not a fault. */
export class UnreadableFile extends Error {}

/** A text argument, or the file it names with a leading @ (long documents). */
export const textArg = (raw: string) => {
  if (!raw.startsWith('@')) return raw;
  try {
    return fs.readFileSync(raw.slice(1), 'utf8');
  } catch (err) {
    throw new UnreadableFile(
      `cannot read ${raw.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
};

/** What is wrong with a REASON given for a decision of `kind`, told as a mistyped argument. */
export const reasonProblem = (kind: ReviewKind, reason: string): string | null => {
  const other = otherKindOfCode(kind, reason);
  if (other)
    return `${reason.trim()} is a reason for a ${other}; a ${kind}'s codes are ${REVIEW_REASONS[kind].join(' ')}`;
  if (unknownCode(kind, reason))
    return `${reason.trim()} is no reason code: a ${kind}'s codes are ${REVIEW_REASONS[kind].join(' ')}; a reason of your own is written in words`;
  return reviewReasonSchema(kind).safeParse(reason).success
    ? null
    : `the reason must be 1 to ${REVIEW_REASON_MAX} characters`;
};

/** --key=value options into an object; null when one is malformed or not allowed. A key in
 * `numeric` takes a whole number written as digits (`--sort=` or `--sort=1e3` is none). */
export const options = (args: string[], allowed: readonly string[], numeric: readonly string[] = []) => {
  const result: Record<string, string | number> = {};
  for (const a of args) {
    const m = /^--([A-Za-z]+)=([\s\S]*)$/.exec(a);
    if (!m || !allowed.includes(m[1]!)) return null;
    const [, key, raw] = m as unknown as [string, string, string];
    if (numeric.includes(key)) {
      if (!/^\d{1,9}$/.test(raw)) return null;
      result[key] = Number(raw);
    } else result[key] = textArg(raw);
  }
  return result;
};

/** A time as the CLI prints it. */
export const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
