import type { AccountDeps } from '../accounts/deps';
import { fail } from '../accounts/errors';
import type { OperatorRecord } from '../accounts/ports';
import { checkThrottled } from '../accounts/rateLimit';
import { generatePassword, hashPassword, verifyPassword } from '../accounts/secrets';
import type { OperatorPrincipal } from '../accounts/sessions';
import { audit, operatorFailureKey, type Actor } from './index';

/**
 * An operator's own account: the password printed at first start or at creation is changed after
 * logging in, and a leaked one is stopped from the command line (a new password, or the account
 * disabled), each ending the account's sessions, each in the audit log. Passwords themselves
 * never reach the log.
 */

const operatorNamed = async (deps: AccountDeps, username: string): Promise<OperatorRecord> => {
  const op = await deps.uow.store.operators.findByUsername(username);
  if (!op) throw fail('account_not_exist');
  return op;
};

/** The logged-in operator changes their password; the session making the change stays, every
 * other one ends. A wrong old password counts against the login throttle. */
export const changeOperatorPassword = async (
  deps: AccountDeps,
  { operator, sessionId }: OperatorPrincipal,
  req: { oldPassword: string; password: string },
) => {
  const key = operatorFailureKey(operator.username);
  if (!(await checkThrottled(deps, key, null, () => verifyPassword(req.oldPassword, operator.passwordHash))))
    throw fail('old_password_wrong');
  const passwordHash = await hashPassword(req.password, deps.settings.scryptN);
  const actor = { operatorId: operator.id, name: operator.username };
  await deps.uow.transaction(async (tx) => {
    const now = deps.clock();
    await tx.operators.update(operator.id, { passwordHash });
    await tx.sessions.revokeAll('operator', operator.id, now, sessionId);
    await audit(deps, tx, actor, 'operator.password', `operator:${operator.id}`, null, null);
  });
};

/** A new generated password for an operator (answered once), every session of theirs ended. */
export const resetOperatorPassword = async (deps: AccountDeps, actor: Actor, username: string) => {
  const op = await operatorNamed(deps, username);
  const password = generatePassword();
  const passwordHash = await hashPassword(password, deps.settings.scryptN);
  await deps.uow.transaction(async (tx) => {
    await tx.operators.update(op.id, { passwordHash });
    await tx.sessions.revokeAll('operator', op.id, deps.clock());
    await audit(deps, tx, actor, 'operator.password_reset', `operator:${op.id}`, null, null);
  });
  return { username: op.username, password };
};

/** Disables an operator (their logins and sessions stop at once) or enables them again. */
export const setOperatorDisabled = async (
  deps: AccountDeps,
  actor: Actor,
  username: string,
  disabled: boolean,
) => {
  const op = await operatorNamed(deps, username);
  await deps.uow.transaction(async (tx) => {
    await tx.operators.update(op.id, { disabled });
    if (disabled) await tx.sessions.revokeAll('operator', op.id, deps.clock());
    await audit(
      deps,
      tx,
      actor,
      disabled ? 'operator.disable' : 'operator.enable',
      `operator:${op.id}`,
      { disabled: op.disabled },
      { disabled },
    );
  });
  return { username: op.username, disabled };
};
