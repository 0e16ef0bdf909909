import { keptReason, reviewReasonSchema } from '../../../protocol/reviewReasons';
import { ROW_ID_MAX } from '../../../protocol/rowId';
import {
  ADMIN_PAGE_SIZE_MAX,
  CERTIFICATION,
  OPERATOR_NAME_RE,
  type AdminLoginRequest,
  type AdminUser,
  type AdminUserQuery,
  type AdminVerification,
  type AdminVerificationQuery,
  type AuditEntry,
  type DocType,
  type UserFlagsRequest,
  type AuditTarget,
} from '../../../protocol';
import type { AccountDeps } from '../accounts/deps';
import { fail } from '../accounts/errors';
import type { AccountStore, UserRecord, VerificationRecord } from '../accounts/ports';
import { throttledLogin } from '../accounts/login';
import { generatePassword, hashPassword, verifyLogin } from '../accounts/secrets';
import { openSession } from '../accounts/sessions';
import { upgradeHash } from '../accounts/rehash';
import { uploadUrl } from '../accounts/uploads';
import { toUserInfo } from '../accounts/userinfo';
import { UniqueViolation } from '../accounts/ports';
import { auditRow, type Actor } from './actor';

/**
 * Operator rules, shared by the operator API and the command line. Every change is written with an
 * audit row (who, what, which target, before and after) in the same transaction.
 */

export type { Actor } from './actor';

export const audit = (
  deps: AccountDeps,
  tx: AccountStore,
  actor: Actor,
  action: string,
  target: AuditTarget,
  before: unknown,
  after: unknown,
) => tx.audit.insert(auditRow(actor, { action, target, before, after }, deps.clock()));

export const operatorFailureKey = (username: string) => `operator:${username.toLowerCase()}`;

/** Operator login: its own accounts and its own session kind. The same throttle, graphic captcha
 * step and single answer (login_failed) as user logins: `admin` is every install's first operator,
 * and refused outright past a few failures, anyone could keep it out by failing on purpose. */
export const operatorLogin = async (
  deps: AccountDeps,
  req: AdminLoginRequest,
  ip: string | null,
): Promise<{ token: string }> => {
  const key = operatorFailureKey(req.username);
  const op = await deps.uow.store.operators.findByUsername(req.username);
  const right = await throttledLogin(deps, key, ip, req, () =>
    verifyLogin(req.password, op?.passwordHash ?? null, deps.settings.scryptN),
  );
  if (!op || !right || op.disabled) throw fail('login_failed');
  await upgradeHash(deps, req.password, op.passwordHash, (next) =>
    deps.uow.store.operators.replaceHash(op.id, op.passwordHash, next),
  );
  return { token: await openSession(deps, deps.uow.store, 'operator', op.id) };
};

/** Creates an operator with a generated password, answered once. */
export const createOperator = async (deps: AccountDeps, actor: Actor, username: string) => {
  if (!OPERATOR_NAME_RE.test(username)) throw fail('username_format');
  const password = generatePassword();
  const passwordHash = await hashPassword(password, deps.settings.scryptN);
  try {
    await deps.uow.transaction(async (tx) => {
      // Another case is the same name: `Admin` beside `admin` would read as one operator in the
      // audit log, and the two share a login throttle.
      if (await tx.operators.nameTaken(username)) throw fail('account_exists');
      const id = await tx.operators.insert({ username, passwordHash, createdAt: deps.clock() });
      await audit(deps, tx, actor, 'operator.create', `operator:${id}`, null, { username });
    });
  } catch (e) {
    if (e instanceof UniqueViolation) throw fail('account_exists');
    throw e;
  }
  return { username, password };
};

const toAdminUser = (u: UserRecord): AdminUser => ({ ...toUserInfo(u), locked: u.locked });

const toAdminVerification = (v: VerificationRecord, username: string): AdminVerification => ({
  id: v.id,
  userId: v.userId,
  username,
  name: v.name,
  docType: v.docType as DocType,
  docNumber: v.docNumber,
  frontImage: uploadUrl(v.frontUploadId),
  backImage: uploadUrl(v.backUploadId),
  status: v.status,
  rejectReason: v.rejectReason,
  submittedAt: v.submittedAt,
  reviewedAt: v.reviewedAt,
  reviewedBy: v.reviewedBy,
});

/** The id of the user `user` names: digits are an id, anything else a username (which begins with
 * a letter). Nobody of that id or name → account_not_exist, which an empty list would hide: a
 * mistyped name must not read as a user who never submitted. */
const userIdOf = async (deps: AccountDeps, user: string) => {
  const id = /^\d{1,10}$/.test(user) ? Number(user) : null;
  const found =
    id === null
      ? await deps.uow.store.users.findByUsername(user)
      : id <= ROW_ID_MAX
        ? await deps.uow.store.users.findById(id)
        : undefined;
  if (!found) throw fail('account_not_exist', { field: 'user' });
  return found.id;
};

/** Submissions of a status, one page (ADMIN_PAGE_SIZE_MAX when not asked), of one user when `user`
 * names one. Pending ones oldest first, as they are to be reviewed; the others newest first, the
 * older further pages on. */
export const listVerifications = async (
  deps: AccountDeps,
  query: Pick<AdminVerificationQuery, 'status' | 'user'> &
    Partial<Pick<AdminVerificationQuery, 'page' | 'size'>>,
): Promise<AdminVerification[]> => {
  const { status, page = 1, size = ADMIN_PAGE_SIZE_MAX } = query;
  const userId = query.user === undefined ? undefined : await userIdOf(deps, query.user);
  const rows = await deps.uow.store.verifications.list(
    { status, userId },
    { offset: (page - 1) * size, limit: size },
  );
  const names = await deps.uow.store.users.usernames(rows.map((v) => v.userId));
  return rows.map((v) => toAdminVerification(v, names.get(v.userId) ?? ''));
};

/** Approves or rejects a pending submission; the user's certification follows (2 approved,
 * 1 failed, with the reason shown to the user). Anything but a pending one → record_not_found. */
const review = async (
  deps: AccountDeps,
  actor: Actor,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null },
): Promise<AdminVerification> =>
  deps.uow.transaction(async (tx) => {
    const v = await tx.verifications.findById(id);
    if (!v || v.status !== 'pending') throw fail('record_not_found');
    const user = await tx.users.findById(v.userId);
    if (!user) throw fail('account_not_exist');
    const now = deps.clock();
    const certification = decision.status === 'approved' ? CERTIFICATION.approved : CERTIFICATION.failed;
    // Only from pending, in the write itself: on PostgreSQL an approval and a rejection racing both
    // read it pending, and the second to write must find it decided.
    const decided = await tx.verifications.review(id, {
      status: decision.status,
      rejectReason: decision.reason,
      reviewedAt: now,
      reviewedBy: actor.name,
    });
    if (!decided) throw fail('record_not_found');
    await tx.users.update(v.userId, { certification });
    await audit(
      deps,
      tx,
      actor,
      decision.status === 'approved' ? 'verification.approve' : 'verification.reject',
      `verification:${id}`,
      { status: v.status, userId: v.userId, certification: user.certification },
      { status: decision.status, userId: v.userId, certification, reason: decision.reason },
    );
    const after = await tx.verifications.findById(id);
    return toAdminVerification(after!, user.username);
  });

export const approveVerification = (deps: AccountDeps, actor: Actor, id: number) =>
  review(deps, actor, id, { status: 'approved', reason: null });

export const rejectVerification = (deps: AccountDeps, actor: Actor, id: number, reason: string) =>
  // Held to the API's rules whoever gives it (the CLI too): the user reads it.
  review(deps, actor, id, {
    status: 'rejected',
    reason: keptReason('verification', reviewReasonSchema('verification').parse(reason)),
  });

/** Sets account flags. Locking also ends every session of the account. Flags asked for that the
 * account has already change nothing: no write, no audit row, no session ended (`changed` false),
 * as a repeated lock would log the user out again and record a change of nothing. */
export const setUserFlags = async (
  deps: AccountDeps,
  actor: Actor,
  req: UserFlagsRequest,
): Promise<{ user: AdminUser; changed: boolean }> =>
  deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(req.userId);
    if (!user) throw fail('account_not_exist');
    const flags = (u: UserRecord) => ({
      tradingDisabled: u.tradingDisabled,
      withdrawProhibited: u.withdrawProhibited,
      locked: u.locked,
    });
    const before = flags(user);
    const patch: Partial<typeof before> = {};
    for (const key of Object.keys(before) as (keyof typeof before)[])
      if (req[key] !== undefined && req[key] !== before[key]) patch[key] = req[key];
    if (Object.keys(patch).length === 0) return { user: toAdminUser(user), changed: false };
    await tx.users.update(user.id, patch);
    if (patch.locked) await tx.sessions.revokeAll('user', user.id, deps.clock());
    const after = (await tx.users.findById(user.id))!;
    await audit(deps, tx, actor, 'user.flags', `user:${user.id}`, before, flags(after));
    return { user: toAdminUser(after), changed: true };
  });

/** Users matching `query`, newest first, one page (ADMIN_PAGE_SIZE_MAX when not asked): a common
 * part of names matches more than a page, and the older ones must be reachable. */
export const findUsers = async (
  deps: AccountDeps,
  query: string,
  { page = 1, size = ADMIN_PAGE_SIZE_MAX }: Partial<Pick<AdminUserQuery, 'page' | 'size'>> = {},
): Promise<AdminUser[]> =>
  (await deps.uow.store.users.search(query, { offset: (page - 1) * size, limit: size })).map(toAdminUser);

export const listAudit = async (
  deps: AccountDeps,
  limit = 50,
  beforeId?: number,
  target?: string,
): Promise<AuditEntry[]> =>
  (await deps.uow.store.audit.list(limit, beforeId, target)).map((a) => ({
    id: a.id,
    actor: a.actor,
    action: a.action,
    target: a.target,
    before: a.before,
    after: a.after,
    createdAt: a.createdAt,
  }));
