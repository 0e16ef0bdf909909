import type { FastifyRequest } from 'fastify';
import type { AccountService } from '../domain/accounts';
import type { OperatorPrincipal, UserPrincipal } from '../domain/accounts/sessions';
import { AppError } from '../domain/appError';

/**
 * Token → session → the request's user or operator. The token travels in the `token` header
 * (spec §7). No token → 401 not_logged_in; an unknown, expired or revoked one → 401
 * session_expired; a user's token on an operator route → 403 no_permission.
 */
export type AuthKind = 'user' | 'operator';
export type Authenticate = (kind: AuthKind, req: FastifyRequest) => Promise<void>;

const TOKEN_HEADER = 'token';

const users = new WeakMap<FastifyRequest, UserPrincipal>();
const operators = new WeakMap<FastifyRequest, OperatorPrincipal>();

export const tokenOf = (req: FastifyRequest): string | undefined => {
  const raw = req.headers[TOKEN_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
};

export const authenticator =
  (accounts: AccountService): Authenticate =>
  async (kind, req) => {
    if (kind === 'user') users.set(req, await accounts.authenticateUser(tokenOf(req)));
    else operators.set(req, await accounts.authenticateOperator(tokenOf(req)));
  };

/** Who this request was authenticated as, for counting its calls: absent before authentication
 * and on routes open to anyone. */
export const callerOf = (req: FastifyRequest): string | undefined => {
  const user = users.get(req);
  if (user) return callerKey('user', user.user.id);
  const operator = operators.get(req);
  return operator ? callerKey('operator', operator.operator.id) : undefined;
};

/** The name an account's calls are counted under. */
export const callerKey = (kind: AuthKind, id: number) => `${kind}:${id}`;

/** The user of a route declared with `auth: 'user'`. */
export const currentUser = (req: FastifyRequest): UserPrincipal => {
  const p = users.get(req);
  if (!p) throw new AppError('not_logged_in');
  return p;
};

/** The operator of a route declared with `auth: 'operator'`. */
export const currentOperator = (req: FastifyRequest): OperatorPrincipal => {
  const p = operators.get(req);
  if (!p) throw new AppError('not_logged_in');
  return p;
};
