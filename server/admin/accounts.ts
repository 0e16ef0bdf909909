import { REVIEW_REASONS } from '../../protocol/reviewReasons';
import path from 'node:path';
import type { VerificationState } from '../../protocol';
import {
  adminUserQuerySchema,
  adminVerificationQuerySchema,
  AUDIT_TARGET_KINDS,
  AUDIT_TARGET_RE,
  EMAIL_RE,
  phoneOf,
  VERIFICATION_STATES,
} from '../../protocol';
import { buildAccountService } from '../accounts';
import {
  blankProblem,
  commandProblem,
  givenTwice,
  options,
  positiveInt,
  reasonProblem,
  usageError,
  when,
  type Commands,
} from './args';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import {
  approveVerification,
  createOperator,
  findUsers,
  listAudit,
  listVerifications,
  rejectVerification,
  setUserFlags,
} from '../domain/operators';
import { resetOperatorPassword, setOperatorDisabled } from '../domain/operators/account';
import { readOutbox } from '../domain/operators/outbox';
import { AppError } from '../domain/appError';
import { refused } from './refused';
import { cliActor } from './cliActor';
import { full, listArgs, nextPage } from './pages';

export const ACCOUNT_USAGE = `
  npm run admin -- verifications list [pending|approved|rejected] [--user=ID|USERNAME] [--page=N]
                                            real-name submissions (default pending; of one user with
                                            --user), with image files, 200 a page: pending oldest
                                            first, the others newest first, older on later pages
  npm run admin -- verifications approve ID approve a pending submission
  npm run admin -- verifications reject ID REASON...
                                            reject it; the user sees the reason (1-200 characters),
                                            or in their language one given by its code:
                                            ${REVIEW_REASONS.verification.join(' ')}
  npm run admin -- users find QUERY [--page=N]
                                            users by id or part of username, nickname, email, phone,
                                            newest first, 200 a page, the next on --page=2
  npm run admin -- users flags USERID FLAG...
                                            FLAG: --trading=on|off, --withdraw=on|off, --lock=on|off;
                                            trading off = disabled, withdraw off = prohibited,
                                            lock on = locked (and logged out)
  npm run admin -- operators create USERNAME
                                            new operator; its password is printed once
  npm run admin -- operators password USERNAME
                                            a new password, printed once; their sessions end
  npm run admin -- operators disable|enable USERNAME
                                            stop an operator's logins and sessions, or allow them
  npm run admin -- audit [LIMIT] [TARGET] [--before=ID]
                                            the operator audit log, newest first, LIMIT entries (50;
                                            1000 at most) each with its #ID, older than entry ID with
                                            --before; TARGET as the log names it (withdrawal:7,
                                            deposit:12, verification:3, user:5) for the changes to
                                            that one only
  npm run admin -- outbox EMAIL|PHONE       what the embedded sender wrote there (verification codes
                                            to pass on while no mail server is set), oldest first

Changes are recorded in the audit log as cli:<your system user name>.`;

/** What each command takes, as ACCOUNT_USAGE names it. */
export const ACCOUNT_COMMANDS: Readonly<Record<string, Commands>> = {
  verifications: {
    list: ['[pending|approved|rejected]', '[--user=ID|USERNAME]', '[--page=N]'],
    approve: ['ID'],
    reject: ['ID', 'REASON...'],
  },
  users: { find: ['QUERY...', '[--page=N]'], flags: ['USERID', 'FLAG...'] },
  operators: {
    create: ['USERNAME'],
    password: ['USERNAME'],
    disable: ['USERNAME'],
    enable: ['USERNAME'],
  },
  audit: ['[LIMIT]', '[TARGET]'],
  outbox: ['EMAIL|PHONE'],
};

/** The most audit entries one command shows; older ones are reached with --before. */
const AUDIT_PAGE_MAX = 1000;

const onOff = (v: boolean) => (v ? 'on' : 'off');

/** --name=on|off → true/false, or what is wrong with the first argument that is no such flag or
 * names one again. */
const parseFlags = (args: string[]) => {
  const flags: { trading?: boolean; withdraw?: boolean; lock?: boolean } = {};
  for (const arg of args) {
    const m = /^--(trading|withdraw|lock)=(on|off)$/.exec(arg);
    if (!m) return `not a flag (--trading, --withdraw or --lock, =on or =off): ${arg}`;
    const key = m[1] as 'trading' | 'withdraw' | 'lock';
    if (flags[key] !== undefined) return givenTwice(`--${key}`);
    flags[key] = m[2] === 'on';
  }
  return flags;
};

/**
 * The account commands of the operator CLI, over the same domain functions as the operator API.
 * Answers the exit code, or null when the command is not one of these.
 */
export const runAccountCommand = async (
  ctx: { db: Db; config: Config; out: (line: string) => void },
  argv: string[],
): Promise<number | null> => {
  const [area, verb, ...rest] = argv;
  const commands = Object.hasOwn(ACCOUNT_COMMANDS, area ?? '') ? ACCOUNT_COMMANDS[area!] : undefined;
  if (!commands) return null;
  const { out } = ctx;
  const accounts = buildAccountService({
    db: ctx.db,
    config: ctx.config,
    log: { info: () => undefined, error: (obj, msg) => console.error(msg, obj) },
  });
  const deps = accounts.deps;
  const actor = cliActor();
  const usage = (message: string) => usageError(out, ACCOUNT_USAGE, area!, message);
  const blank = blankProblem(commands, argv);
  if (blank) return usage(blank);
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  const fileOf = async (url: string) => {
    const record = await deps.uow.store.uploads.findById(url.split('/').pop() ?? '');
    return record ? path.join(uploadsDir, record.fileName) : url;
  };

  // A submission decided already (a repeated command, another operator first) is refused as one
  // not waiting; said alone, the refusal read as a wrong id.
  const decided = async (e: unknown, id: number) => {
    const v =
      e instanceof AppError &&
      e.errorName === 'record_not_found' &&
      (await deps.uow.store.verifications.findById(id));
    const code = refused(out, e, v ? {} : { record: `verification #${id}` });
    if (v)
      out(
        `verification #${id} is no longer waiting for review, it is ${v.status}` +
          `${v.reviewedBy ? ` (by ${v.reviewedBy} at ${when(v.reviewedAt)})` : ''}`,
      );
    return code;
  };

  try {
    if (area === 'verifications' && verb === 'list' && rest.length <= 3) {
      const args = listArgs(rest, ['user']);
      if (typeof args === 'string') return usage(args);
      const status = (args.status ?? 'pending') as VerificationState;
      if (!VERIFICATION_STATES.includes(status)) return usage(`unknown status: ${status}`);
      const parsed = adminVerificationQuerySchema.safeParse({ status, ...args.options });
      if (!parsed.success) return refused(out, parsed.error);
      const query = parsed.data;
      const rows = await listVerifications(deps, query).catch((e: unknown) =>
        refused(out, e, { typed: { user: query.user } }),
      );
      if (typeof rows === 'number') return rows;
      const ofUser = query.user === undefined ? '' : ` --user=${query.user}`;
      if (rows.length === 0)
        out(
          `no ${status} verifications${query.user === undefined ? '' : ` of user ${query.user}`}` +
            `${query.page > 1 ? ` on page ${query.page}` : ''}`,
        );
      for (const v of rows) {
        out(
          [
            `#${v.id} ${v.status} user ${v.userId} (${v.username}) submitted ${when(v.submittedAt)}`,
            `  name: ${v.name}  ${v.docType}: ${v.docNumber}`,
            `  front: ${await fileOf(v.frontImage)}`,
            `  back:  ${await fileOf(v.backImage)}`,
            ...(v.rejectReason ? [`  reason: ${v.rejectReason}`] : []),
            ...(v.reviewedBy ? [`  reviewed by ${v.reviewedBy} at ${when(v.reviewedAt)}`] : []),
          ].join('\n'),
        );
      }
      if (full(rows)) out(nextPage(`verifications list ${status}${ofUser}`, query.page, rows.length));
      return 0;
    }
    if (area === 'verifications' && verb === 'approve' && rest.length === 1) {
      const id = positiveInt(rest[0]);
      if (id === null) return usage(`not a verification id: ${rest[0]}`);
      const v = await approveVerification(deps, actor, id).catch((e: unknown) => decided(e, id));
      if (typeof v === 'number') return v;
      out(`verification #${v.id} of ${v.username} approved`);
      return 0;
    }
    if (area === 'verifications' && verb === 'reject' && rest.length >= 2) {
      const id = positiveInt(rest[0]);
      const reason = rest.slice(1).join(' ').trim();
      if (id === null) return usage(`not a verification id: ${rest[0]}`);
      const problem = reasonProblem('verification', reason);
      if (problem) return usage(problem);
      const v = await rejectVerification(deps, actor, id, reason).catch((e: unknown) => decided(e, id));
      if (typeof v === 'number') return v;
      out(`verification #${v.id} of ${v.username} rejected: ${v.rejectReason}`);
      return 0;
    }
    if (area === 'users' && verb === 'find' && rest.length >= 1) {
      const page = options(
        rest.filter((a) => a.startsWith('--')),
        ['page'],
        ['page'],
      );
      if (typeof page === 'string') return usage(page);
      const parsed = adminUserQuerySchema.safeParse({
        query: rest
          .filter((a) => !a.startsWith('--'))
          .join(' ')
          .slice(0, 100),
        ...page,
      });
      if (!parsed.success) return refused(out, parsed.error);
      const query = parsed.data;
      if (!query.query.trim()) return usage('users find needs a QUERY');
      const rows = await findUsers(deps, query.query, query);
      if (rows.length === 0) out(`no users found${query.page > 1 ? ` on page ${query.page}` : ''}`);
      for (const u of rows) {
        out(
          `${u.id}\t${u.username}\t${u.email}\t${u.phone || '-'}\tcertification ${u.certification ?? 'none'}\t` +
            `trading ${onOff(!u.tradingDisabled)} withdraw ${onOff(!u.withdrawProhibited)} lock ${onOff(u.locked)}`,
        );
      }
      if (full(rows)) out(nextPage(`users find ${query.query}`, query.page, rows.length));
      return 0;
    }
    if (area === 'users' && verb === 'flags' && rest.length >= 2) {
      const userId = positiveInt(rest[0]);
      const flags = parseFlags(rest.slice(1));
      if (userId === null) return usage(`not a user id: ${rest[0]}`);
      if (typeof flags === 'string') return usage(flags);
      const { user: u, changed } = await setUserFlags(deps, actor, {
        userId,
        ...(flags.trading !== undefined ? { tradingDisabled: !flags.trading } : {}),
        ...(flags.withdraw !== undefined ? { withdrawProhibited: !flags.withdraw } : {}),
        ...(flags.lock !== undefined ? { locked: flags.lock } : {}),
      });
      out(
        `user ${u.id} (${u.username}): ${changed ? '' : 'nothing changed: '}trading ${onOff(!u.tradingDisabled)}, withdraw ${onOff(!u.withdrawProhibited)}, lock ${onOff(u.locked)}`,
      );
      return 0;
    }
    if (area === 'operators' && verb === 'create' && rest.length === 1) {
      const { username, password } = await createOperator(deps, actor, rest[0]!);
      out(`operator ${username} created; password (shown once): ${password}`);
      return 0;
    }
    if (area === 'operators' && verb === 'password' && rest.length === 1) {
      const { username, password } = await resetOperatorPassword(deps, actor, rest[0]!);
      out(`operator ${username}: new password (shown once): ${password}; their sessions ended`);
      return 0;
    }
    if (area === 'operators' && (verb === 'disable' || verb === 'enable') && rest.length === 1) {
      const { username, disabled } = await setOperatorDisabled(deps, actor, rest[0]!, verb === 'disable');
      out(`operator ${username} ${disabled ? 'disabled; their sessions ended' : 'enabled'}`);
      return 0;
    }
    const auditArgs = [verb, ...rest].filter((a) => a !== undefined);
    const positional = auditArgs.filter((a) => !a.startsWith('--'));
    if (area === 'audit' && positional.length <= 2) {
      const before = options(
        auditArgs.filter((a) => a.startsWith('--')),
        ['before'],
        ['before'],
      );
      if (typeof before === 'string') return usage(before);
      // A target alone (KIND:ID, so with a colon), or after the count: the history of one record
      // among everyone's changes.
      const [count, target] =
        positional.length === 1 && positional[0]!.includes(':') ? [undefined, positional[0]] : positional;
      const limit = count === undefined ? 50 : positiveInt(count);
      if (limit === null || limit > AUDIT_PAGE_MAX)
        return usage(`not a number of entries (1 to ${AUDIT_PAGE_MAX}): ${count}`);
      if (target !== undefined && !AUDIT_TARGET_RE.test(target))
        return usage(`not a target (KIND:ID, KIND one of ${AUDIT_TARGET_KINDS.join(', ')}): ${target}`);
      const beforeId = before.before === undefined ? undefined : Number(before.before);
      if (beforeId === 0) return usage('--before takes an entry id, 1 or more: 0');
      const rows = await listAudit(deps, limit, beforeId, target);
      if (rows.length === 0) {
        const about = target === undefined ? '' : ` about ${target}`;
        const older = beforeId === undefined ? '' : ` before #${beforeId}`;
        out(about || older ? `nothing in the audit log${about}${older}` : 'the audit log is empty');
      }
      for (const a of rows) {
        out(
          `#${a.id}\t${when(a.createdAt)}\t${a.actor}\t${a.action}\t${a.target}\t${JSON.stringify(a.before)} -> ${JSON.stringify(a.after)}`,
        );
      }
      // As many as asked: there may be older ones, reached from the oldest shown.
      if (rows.length === limit) {
        const command = ['audit', count, target, `--before=${rows.at(-1)!.id}`].filter(Boolean).join(' ');
        out(`(${rows.length} shown; older: ${command})`);
      }
      return 0;
    }
    if (area === 'outbox' && verb !== undefined && rest.length === 0) {
      // Reading is audited: a mistyped address would leave a read of nothing in the log.
      if (!EMAIL_RE.test(verb.trim()) && phoneOf(verb.trim()) === undefined)
        return usage(`not an email address or phone number: ${verb}`);
      const messages = await readOutbox(deps, actor, verb);
      if (messages.length === 0) out(`nothing was sent to ${verb}`);
      for (const m of messages)
        out(`${when(m.createdAt)}\t${m.channel}\t${m.target}\t${m.subject}\t${m.body}`);
      return 0;
    }
  } catch (e) {
    return refused(
      out,
      e,
      area === 'operators'
        ? { record: `operator ${rest[0]}`, typed: { username_format: rest[0] } }
        : area === 'users' && verb === 'flags'
          ? { record: `user ${rest[0]}` }
          : {},
    );
  }
  return usage(commandProblem(commands, argv));
};
