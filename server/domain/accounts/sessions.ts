import { CODE } from '../../../protocol';
import type { AccountDeps } from './deps';
import { AppError, fail } from './errors';
import type { AccountStore, OperatorRecord, SessionKind, SessionRecord, UserRecord } from './ports';
import { newToken, sha256Hex } from './secrets';
import type { Viewer } from './uploads';

/** Opens a session and answers its token; only the token's sha256 is stored. */
export const openSession = async (
  deps: AccountDeps,
  store: AccountStore,
  kind: SessionKind,
  subjectId: number,
): Promise<string> => {
  const token = newToken();
  const now = deps.clock();
  await store.sessions.insert({
    tokenHash: sha256Hex(token),
    kind,
    subjectId,
    createdAt: now,
    expiresAt: now + (kind === 'operator' ? deps.settings.operatorSessionTtlMs : deps.settings.sessionTtlMs),
  });
  return token;
};

const TOKEN_MAX = 128;

/** What a token is stored as; no token → not_logged_in, one no session could have → session_expired. */
const hashOf = (token: string | undefined) => {
  if (!token) throw fail('not_logged_in');
  if (token.length > TOKEN_MAX) throw fail('session_expired');
  return sha256Hex(token);
};

const isLive = (deps: AccountDeps, s: Pick<SessionRecord, 'revokedAt' | 'expiresAt'>) =>
  s.revokedAt === null && s.expiresAt > deps.clock();

const liveSession = async (deps: AccountDeps, token: string | undefined, kind: SessionKind) => {
  const hash = hashOf(token);
  const session = await deps.uow.store.sessions.findByTokenHash(hash, kind);
  if (!session) {
    // A user's token at the operator door is refused as such, not as an expired session.
    if (kind === 'operator' && (await deps.uow.store.sessions.findByTokenHash(hash, 'user')))
      throw fail('no_permission');
    throw fail('session_expired');
  }
  if (!isLive(deps, session)) throw fail('session_expired');
  return session;
};

export interface UserPrincipal {
  sessionId: number;
  user: UserRecord;
}

export interface OperatorPrincipal {
  sessionId: number;
  operator: OperatorRecord;
}

/** A locked account's sessions end with the reason: a session expiry (code 401, so the app logs
 * the reader out) whose message is account_locked, which the app's expiry alert shows in place of
 * its default (spec §4), where the reader was told only that the session had expired and learnt
 * why at the next login. Locking revokes the sessions too, so this is asked before whether the
 * session still lives. */
const lockedOut = () => new AppError('account_locked', null, CODE.sessionExpired);

/** The user behind a token. Missing token → not_logged_in; unknown, expired or revoked →
 * session_expired; the account locked → account_locked as a session expiry. */
export const authenticateUser = async (
  deps: AccountDeps,
  token: string | undefined,
): Promise<UserPrincipal> => {
  const found = await deps.uow.store.sessions.findUserSession(hashOf(token));
  if (!found) throw fail('session_expired');
  if (found.user.locked) throw lockedOut();
  if (!isLive(deps, found.session)) throw fail('session_expired');
  return { sessionId: found.session.id, user: found.user };
};

/** The operator behind a token; a user's token → no_permission. */
export const authenticateOperator = async (
  deps: AccountDeps,
  token: string | undefined,
): Promise<OperatorPrincipal> => {
  const session = await liveSession(deps, token, 'operator');
  const operator = await deps.uow.store.operators.findById(session.subjectId);
  if (!operator || operator.disabled) throw fail('session_expired');
  return { sessionId: session.id, operator };
};

export const logout = (deps: AccountDeps, sessionId: number) =>
  deps.uow.store.sessions.revoke(sessionId, deps.clock());

/** Whoever a token belongs to, user or operator (for resources both may read, like uploads). */
export const authenticateViewer = async (deps: AccountDeps, token: string | undefined): Promise<Viewer> => {
  const hash = hashOf(token);
  const sessions = deps.uow.store.sessions;
  const session =
    (await sessions.findByTokenHash(hash, 'user')) ?? (await sessions.findByTokenHash(hash, 'operator'));
  if (!session || !isLive(deps, session)) throw fail('session_expired');
  if (session.kind === 'operator') {
    const operator = await deps.uow.store.operators.findById(session.subjectId);
    if (!operator || operator.disabled) throw fail('session_expired');
    return { kind: 'operator', operatorId: operator.id };
  }
  const user = await deps.uow.store.users.findById(session.subjectId);
  if (!user || user.locked) throw fail('session_expired');
  return { kind: 'user', userId: user.id };
};
