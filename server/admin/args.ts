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

/** A key given twice on one command line: refused, as taking the last one silently would act on a
 * value the operator may not have meant. */
export const givenTwice = (key: string) => `${key} given twice: give it once`;

/** --key=value options into an object, or what is wrong with the first that is malformed, not
 * allowed or given twice. A key in `numeric` takes a whole number written as digits (`--sort=` or `--sort=1e3` is
 * none). */
export const options = (
  args: string[],
  allowed: readonly string[],
  numeric: readonly string[] = [],
): Record<string, string | number> | string => {
  const result: Record<string, string | number> = {};
  for (const a of args) {
    const m = /^--([A-Za-z]+)=([\s\S]*)$/.exec(a);
    if (!m) return `not an option (--key=value): ${a}`;
    const [, key, raw] = m as unknown as [string, string, string];
    if (!allowed.includes(key)) return `unknown option: --${key}`;
    if (Object.hasOwn(result, key)) return givenTwice(`--${key}`);
    if (numeric.includes(key)) {
      if (!/^\d{1,9}$/.test(raw)) return `--${key} takes a whole number: ${a}`;
      result[key] = Number(raw);
    } else result[key] = textArg(raw);
  }
  return result;
};

/** The part of a usage text about the commands of one area: each `npm run admin -- AREA …` line
 * and the indented lines under it. A mistyped deposit command is shown how deposits are written,
 * not every command of the wallet, staking and customer service. */
export const usageOf = (usage: string, area: string) => {
  const kept: string[] = [];
  let keep = false;
  for (const line of usage.split('\n')) {
    const command = /^ {2}npm run admin -- (\S+)/.exec(line);
    if (command) keep = command[1] === area;
    else if (!/^ {3,}\S/.test(line)) keep = false;
    if (keep) kept.push(line);
  }
  return kept.join('\n');
};

/** A command's positional arguments as its usage names them: `ID`, `[AMOUNT]` (may be left out),
 * `REASON...` (one or more), a choice typed as written (`on|off`, `--more-than-declared`), or in
 * words what has no one name (`an option (--title or --message)...`). Those left out come last. */
export type Synopsis = readonly string[];

/** An area's sub-commands and what each takes, or what an area without sub-commands takes. */
export type Commands = Readonly<Record<string, Synopsis>> | Synopsis;

const inList = (items: readonly string[], last: 'and' | 'or') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)!}`;

const argOf = (raw: string) => {
  const name = raw.replace(/^\[(.*)\]$/, '$1').replace(/\.\.\.$/, '');
  return {
    name,
    optional: raw.startsWith('['),
    many: raw.endsWith('...'),
    // Typed as written: lower case or an option, no placeholder in it.
    choices: /^[a-z-][\w-]*(\|[\w-]+)*$/.test(name) ? name.split('|') : null,
    // A NAME is "a NAME"; a choice or words are said as written.
    needed: /^[A-Z]/.test(name)
      ? `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name.replaceAll('|', ' or ')}`
      : name,
  };
};

/** An argument that says nothing: '' or spaces, which the shell passes as typed. */
const isBlank = (value: string) => value.trim() === '';

/** A value as a message names it: a blank one quoted, as it would be invisible. */
export const shown = (value: string) => (isBlank(value) ? `'${value}'` : value);

/** The command a line names (`deposits confirm`) with what it takes and what was given it, or what
 * is wrong with its sub-command (missing, empty or unknown) and whether it is that it is empty. */
const commandOf = (commands: Commands, argv: readonly string[]) => {
  const [area = '', ...after] = argv;
  if (Array.isArray(commands)) return { command: area, synopsis: commands as Synopsis, given: after };
  const bySub = commands as Readonly<Record<string, Synopsis>>;
  const [sub, ...given] = after;
  const subs = inList(Object.keys(bySub), 'or');
  if (sub === undefined) return { problem: `${area} needs a sub-command: ${subs}`, blank: false };
  if (isBlank(sub)) return { problem: `the sub-command is empty: ${area} takes ${subs}`, blank: true };
  if (!Object.hasOwn(bySub, sub)) return { problem: `unknown sub-command: ${area} ${sub}`, blank: false };
  return { command: `${area} ${sub}`, synopsis: bySub[sub]!, given };
};

/** What is wrong with a command line that leaves an argument empty ('' or spaces), said before the
 * rules judge it: their refusal named nothing ("no operator ", "not a user id: "), and an empty
 * AMOUNT was read as none given. A REASON... is empty when all its words are; a name in
 * `mayBeEmpty` (a slide's IMAGE, "" for none) is taken as given. Null when none is, or when the
 * sub-command is not one the area has (commandProblem says what is wrong with it). */
export const blankProblem = (
  commands: Commands,
  argv: readonly string[],
  mayBeEmpty: readonly string[] = [],
): string | null => {
  const found = commandOf(commands, argv);
  if (found.problem !== undefined) return found.blank ? found.problem : null;
  const args = found.synopsis.map(argOf);
  const last = args.at(-1);
  for (const [i, value] of found.given.entries()) {
    // One past the last a command takes is too many (commandProblem says so), unless it takes more.
    const arg = args[i] ?? (last?.many ? last : undefined);
    if (!arg || !isBlank(value) || mayBeEmpty.includes(arg.name)) continue;
    if (arg.many && !found.given.slice(args.indexOf(arg)).every(isBlank)) continue;
    return /^[A-Z]/.test(arg.name) ? `${arg.name} is empty` : `an empty argument where ${arg.name} goes`;
  }
  return null;
};

/** What is wrong with a command line none of an area's commands took: the sub-command missing or
 * unknown, the arguments missing (named as the usage names them), those after the last it takes,
 * or a choice it does not offer. */
export const commandProblem = (commands: Commands, argv: readonly string[]): string => {
  const found = commandOf(commands, argv);
  if (found.problem !== undefined) return found.problem;
  const { command, synopsis, given } = found;
  const args = synopsis.map(argOf);
  const required = args.filter((a) => !a.optional).length;
  if (given.length < required)
    return `${[command, ...given].join(' ')} needs ${inList(
      args.slice(given.length, required).map((a) => a.needed),
      'and',
    )}`;
  if (!args.some((a) => a.many) && given.length > args.length)
    return args.length === 0
      ? `${command} takes no arguments: ${given.map(shown).join(' ')}`
      : `too many arguments: ${given.slice(args.length).map(shown).join(' ')} (${command} ${synopsis.join(' ')})`;
  for (const [i, value] of given.entries()) {
    const arg = args[Math.min(i, args.length - 1)]!;
    if (arg.choices && !arg.choices.includes(value)) return `not ${arg.name}: ${value}`;
  }
  return `cannot read: ${argv.join(' ')}`;
};

/** A command line it cannot read: what is wrong, then how that area's commands are written. Exit
 * code 2. */
export const usageError = (out: (line: string) => void, usage: string, area: string, message: string) => {
  out(`${message}\n\n${usageOf(usage, area)}`);
  return 2;
};

/** A time as the CLI prints it. */
export const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
