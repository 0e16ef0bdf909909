/**
 * What the account rules need from the outside world, as plain interfaces: the repositories
 * (implemented over Kysely in server/db/repos), a clock, and a unit of work that runs several
 * changes in one database transaction. The rules never see SQL, HTTP or the file system.
 */

import type { InviteGeneration, VerificationState } from '../../../protocol';

export type { VerificationState };
export type SessionKind = 'user' | 'operator';

export interface UserRecord {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string | null;
  inviteCode: string;
  inviterId: number | null;
  creditScore: number;
  certification: number | null;
  tradingDisabled: boolean;
  withdrawProhibited: boolean;
  locked: boolean;
  passwordHash: string;
  withdrawPasswordHash: string | null;
  withdrawLockedUntil: number;
  createdAt: number;
}

/** What registration writes; the rest of a user's record starts at its defaults. */
export type NewUser = Pick<
  UserRecord,
  | 'username'
  | 'nickname'
  | 'email'
  | 'phone'
  | 'inviteCode'
  | 'inviterId'
  | 'certification'
  | 'passwordHash'
  | 'createdAt'
>;

/** What a referral list shows of a member. */
export type Invitee = Pick<UserRecord, 'id' | 'username' | 'certification' | 'createdAt'>;

export type UserPatch = Partial<
  Pick<
    UserRecord,
    | 'nickname'
    | 'passwordHash'
    | 'withdrawPasswordHash'
    | 'withdrawLockedUntil'
    | 'certification'
    | 'tradingDisabled'
    | 'withdrawProhibited'
    | 'locked'
  >
>;

export interface UsersRepo {
  findById(id: number): Promise<UserRecord | undefined>;
  /** By `nameKey`: case-insensitive (and full-width letters are the letters). */
  findByUsername(username: string): Promise<UserRecord | undefined>;
  /** `email` lower-cased by the caller. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findByPhone(phone: string): Promise<UserRecord | undefined>;
  /** An account (other than `except`) whose nickname is `nickname` in another case or width
   * (`nameKey`) or only looks like it, in its case or another (`nicknameSkeleton`,
   * `foldedNicknameSkeleton`). */
  findByNickname(nickname: string, except?: number): Promise<UserRecord | undefined>;
  findByInviteCode(code: string): Promise<UserRecord | undefined>;
  insert(user: NewUser): Promise<number>;
  update(id: number, patch: UserPatch): Promise<void>;
  /** Stores `to` as the password hash `which` only while it is still `from`: a password changed
   * in the meantime stays changed. */
  replaceHash(
    id: number,
    which: 'passwordHash' | 'withdrawPasswordHash',
    from: string,
    to: string,
  ): Promise<void>;
  /** One page of the members of `inviterId`'s `generation`, newest first, and how many there are. */
  invitees(
    inviterId: number,
    generation: InviteGeneration,
    page: { offset: number; limit: number },
  ): Promise<{ rows: Invitee[]; total: number }>;
  /** Operators' search: id, or a part of username, nickname, email or phone; newest first. */
  search(query: string, page: { offset: number; limit: number }): Promise<UserRecord[]>;
  /** The usernames of `ids` in one read, for a list of records naming their users. */
  usernames(ids: readonly number[]): Promise<Map<number, string>>;
}

export interface SessionRecord {
  id: number;
  kind: SessionKind;
  subjectId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface SessionsRepo {
  insert(s: {
    tokenHash: string;
    kind: SessionKind;
    subjectId: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<number>;
  findByTokenHash(tokenHash: string, kind: SessionKind): Promise<SessionRecord | undefined>;
  /** A user session and its user in one read: every authenticated request asks for both. */
  findUserSession(tokenHash: string): Promise<{ session: SessionRecord; user: UserRecord } | undefined>;
  revoke(id: number, now: number): Promise<void>;
  /** Revokes every live session of the subject, except `exceptId` when given. */
  revokeAll(kind: SessionKind, subjectId: number, now: number, exceptId?: number): Promise<void>;
}

export interface CaptchasRepo {
  insert(c: { id: string; answer: string; expiresAt: number }): Promise<void>;
  /** Reads and deletes the captcha: a captcha is consumed by any check. */
  take(id: string): Promise<{ answer: string; expiresAt: number } | undefined>;
  /** Reads without consuming (tests and tooling only). */
  peek(id: string): Promise<{ answer: string; expiresAt: number } | undefined>;
  deleteExpired(now: number): Promise<void>;
}

export interface CodeRecord {
  id: number;
  target: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  consumedAt: number | null;
}

export interface CodesRepo {
  /** Makes sends to `target` take turns until the transaction ends, so two at once cannot both pass
   * the daily cap and the interval they each read before inserting. */
  lockTarget(target: string): Promise<void>;
  insert(c: {
    target: string;
    purpose: string;
    codeHash: string;
    ticketHash: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<number>;
  /** Codes of `purpose` sent to the target since `since`. */
  countSince(target: string, purpose: string, since: number): Promise<number>;
  /** The newest code of `purpose` sent to the target. */
  latest(target: string, purpose: string): Promise<CodeRecord | undefined>;
  /** The unconsumed code for the target and purpose that the send answering the ticket of
   * `ticketHash` made. */
  openByTicket(target: string, purpose: string, ticketHash: string): Promise<CodeRecord | undefined>;
  /** Counts one try at the code, if it is still open, unexpired and under `max` tries: true when it
   * was, as one statement, so concurrent tries cannot all read the same count. */
  takeAttempt(id: number, max: number, now: number): Promise<boolean>;
  /** Gives back a try taken by someone who had the code right. */
  returnAttempt(id: number): Promise<void>;
  /** Marks the code spent; false when it already was. */
  consume(id: number, now: number): Promise<boolean>;
  /** Takes back a code that could not be delivered. */
  remove(id: number): Promise<void>;
}

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  createdAt: number;
}

export interface OutboxRepo {
  insert(m: Omit<OutboxMessage, 'id'>): Promise<number>;
  listFor(target: string): Promise<OutboxMessage[]>;
}

export interface LoginFailuresRepo {
  /** Records a try; its id. */
  add(f: { accountKey: string; ip: string; createdAt: number }): Promise<number>;
  remove(id: number): Promise<void>;
  countForAccount(accountKey: string, since: number): Promise<number>;
  countForIp(ip: string, since: number): Promise<number>;
  clearAccount(accountKey: string): Promise<void>;
  deleteBefore(time: number): Promise<void>;
}

export interface UploadRecord {
  id: string;
  ownerId: number;
  fileName: string;
  mime: string;
  size: number;
  createdAt: number;
}

export interface UploadsRepo {
  insert(u: UploadRecord): Promise<void>;
  findById(id: string): Promise<UploadRecord | undefined>;
  countSince(ownerId: number, since: number): Promise<number>;
}

export interface VerificationRecord {
  id: number;
  userId: number;
  name: string;
  docType: string;
  docNumber: string;
  frontUploadId: string;
  backUploadId: string;
  status: VerificationState;
  rejectReason: string | null;
  submittedAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
}

export interface VerificationsRepo {
  insert(v: Omit<VerificationRecord, 'id' | 'rejectReason' | 'reviewedAt' | 'reviewedBy'>): Promise<number>;
  findById(id: number): Promise<VerificationRecord | undefined>;
  latestForUser(userId: number): Promise<VerificationRecord | undefined>;
  /** A submission of this document number, of either type, that is pending or approved, by anyone. */
  findActiveDocument(docNumber: string): Promise<VerificationRecord | undefined>;
  /** Submissions of a status (of one user when `userId` is given): pending oldest first, the
   * others newest first; `limit` of them from `offset` on. */
  list(
    filter: { status: VerificationState; userId?: number | undefined },
    page: { offset: number; limit: number },
  ): Promise<VerificationRecord[]>;
  /** Decides a pending submission: false when it is no longer pending. */
  review(
    id: number,
    r: { status: VerificationState; rejectReason: string | null; reviewedAt: number; reviewedBy: string },
  ): Promise<boolean>;
}

export interface OperatorRecord {
  id: number;
  username: string;
  passwordHash: string;
  disabled: boolean;
  createdAt: number;
}

export interface OperatorsRepo {
  findById(id: number): Promise<OperatorRecord | undefined>;
  findByUsername(username: string): Promise<OperatorRecord | undefined>;
  /** Whether an operator has this name in any case (operator names are ASCII). */
  nameTaken(username: string): Promise<boolean>;
  insert(o: { username: string; passwordHash: string; createdAt: number }): Promise<number>;
  update(id: number, patch: { passwordHash?: string; disabled?: boolean }): Promise<void>;
  /** As UsersRepo.replaceHash, for the operator's password. */
  replaceHash(id: number, from: string, to: string): Promise<void>;
  count(): Promise<number>;
}

export interface AuditRecord {
  id: number;
  operatorId: number | null;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

export interface AuditRepo {
  insert(a: Omit<AuditRecord, 'id'>): Promise<number>;
  /** Newest first; `beforeId` pages backwards. */
  /** Newest first; with `target`, only the rows about it (`withdrawal:7`). */
  list(limit: number, beforeId?: number, target?: string): Promise<AuditRecord[]>;
}

/** Every repository, bound to one connection or to one transaction. */
export interface AccountStore {
  users: UsersRepo;
  sessions: SessionsRepo;
  captchas: CaptchasRepo;
  codes: CodesRepo;
  outbox: OutboxRepo;
  loginFailures: LoginFailuresRepo;
  uploads: UploadsRepo;
  verifications: VerificationsRepo;
  operators: OperatorsRepo;
  audit: AuditRepo;
}

export interface UnitOfWork {
  /** Repositories outside any transaction (single reads and single-row writes). */
  store: AccountStore;
  /** Runs `fn` in one transaction: all of its changes are kept, or none. A transaction that fails
   * transiently (a deadlock victim) runs `fn` again in a new one, so `fn` only works the database. */
  transaction<T>(fn: (store: AccountStore) => Promise<T>): Promise<T>;
}

/** Thrown by a repository when a unique constraint refuses a row (a race the rules' own checks lost). */
export class UniqueViolation extends Error {
  constructor(override readonly cause: unknown) {
    super('unique constraint violated');
  }
}

/** Stores and reads back the bytes of uploaded files under random names. */
export interface FileStore {
  write(fileName: string, bytes: Buffer): Promise<void>;
  read(fileName: string): Promise<Buffer>;
  remove(fileName: string): Promise<void>;
}

export type Clock = () => number;

/** Where a log line goes; the HTTP layer passes its pino logger. */
export interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
