import type { SetWithdrawPwdRequest, UserInfo } from '../../../protocol';
import { spendCode, usingCode } from './codes';
import type { AccountDeps } from './deps';
import { AppError, fail } from './errors';
import { getUser, getUserInfo } from './profile';
import { checkThrottled, clearFailures } from './rateLimit';
import { upgradeHash } from './rehash';
import { hashPassword, verifyPassword } from './secrets';

const withdrawFailureKey = (userId: number) => `withdraw:${userId}`;
/** Wrong old passwords given by a session, counted apart from failed logins: counted with them,
 * five failures by anyone who knew the name (no captcha needed for those) refused the owner's
 * change of password, the very thing to do on seeing them, for as long as they went on. */
const changeFailureKey = (userId: number) => `changePwd:${userId}`;

/** Past the limit of wrong tries the refusal says the pause (the failure window), where a request
 * rate ("slow down") would read as a glitch and the next try be refused again. */
const triedOut = (key: Parameters<typeof fail>[0]) => (err: unknown) => {
  throw err instanceof AppError && err.errorName === 'too_many_requests' ? fail(key) : err;
};

/** A withdrawal password checked under its own limit of wrong tries: past it, the refusal says so
 * and names the way out (the reset by email code), where a request rate would read as a glitch. */
const checkWithdrawTry = (deps: AccountDeps, userId: number, check: () => Promise<boolean>) =>
  checkThrottled(deps, withdrawFailureKey(userId), null, check).catch(triedOut('withdraw_pwd_tries'));

/**
 * The login and the withdrawal password guard different things: whoever learns the one (a phone
 * left logged in, a phished login) must not hold the other. A new password that is the account's
 * other one is refused (passwords_same), whichever of the two is being set.
 */
export const assertOtherPassword = async (password: string, otherHash: string | null) => {
  if (otherHash !== null && (await verifyPassword(password, otherHash)))
    throw fail('passwords_same', { field: 'password' });
};

/**
 * Changes the login password. The session making the change stays; every other session of the
 * account is revoked, and withdrawals are locked for `withdrawLockMs` (spec §5). Wrong old
 * passwords are throttled as logins are, under their own key, so a stolen session cannot guess
 * freely.
 */
export const changePassword = async (
  deps: AccountDeps,
  userId: number,
  sessionId: number,
  req: { oldPassword: string; password: string },
): Promise<UserInfo> => {
  const user = await getUser(deps, userId);
  const right = await checkThrottled(deps, changeFailureKey(userId), null, () =>
    verifyPassword(req.oldPassword, user.passwordHash),
  ).catch(triedOut('old_password_tries'));
  if (!right) throw fail('old_password_wrong');
  await assertOtherPassword(req.password, user.withdrawPasswordHash);
  const passwordHash = await hashPassword(req.password, deps.settings.scryptN);
  await deps.uow.transaction(async (tx) => {
    const now = deps.clock();
    await tx.users.update(userId, { passwordHash, withdrawLockedUntil: now + deps.settings.withdrawLockMs });
    await tx.sessions.revokeAll('user', userId, now, sessionId);
  });
  return getUserInfo(deps, userId);
};

/**
 * Sets the withdrawal password with a code sent to the account's own email address
 * (sendWithdrawPwdCode): the first one (`first`; one already set → password_exists), or a new one
 * in place of a forgotten one (`reset`; none set → withdraw_pwd_not_set), which, as a login-password
 * change does, locks withdrawals for `withdrawLockMs` and lifts the lock-out of wrong tries.
 */
export const setWithdrawPasswordByCode = async (
  deps: AccountDeps,
  userId: number,
  req: SetWithdrawPwdRequest,
  mode: 'first' | 'reset',
): Promise<UserInfo> => {
  const refusal = (u: { withdrawPasswordHash: string | null }) =>
    mode === 'first'
      ? u.withdrawPasswordHash !== null && fail('password_exists')
      : u.withdrawPasswordHash === null && fail('withdraw_pwd_not_set');
  const user = await getUser(deps, userId);
  const early = refusal(user);
  if (early) throw early;
  const rec = await spendCode(deps, user.email, 'withdrawPwd', req.code, req.codeTicket);
  await usingCode(deps, rec, async () => {
    // Before the code is used up: the reader may choose another password with it.
    await assertOtherPassword(req.password, user.passwordHash);
    const withdrawPasswordHash = await hashPassword(req.password, deps.settings.scryptN);
    await deps.uow.transaction(async (tx) => {
      const now = deps.clock();
      const current = await tx.users.findById(userId);
      if (!current) throw fail('account_not_exist');
      const late = refusal(current);
      if (late) throw late;
      // Conditional: of two concurrent uses of one code only one gets here.
      if (!(await tx.codes.consume(rec.id, now))) throw fail('captcha_incorrect');
      await tx.users.update(userId, {
        withdrawPasswordHash,
        ...(mode === 'reset' ? { withdrawLockedUntil: now + deps.settings.withdrawLockMs } : {}),
      });
    });
  });
  if (mode === 'reset') await clearFailures(deps, withdrawFailureKey(userId));
  return getUserInfo(deps, userId);
};

/** Changes the withdrawal password; a wrong old one → old_withdraw_pwd_wrong. None set yet →
 * withdraw_pwd_not_set, as checkWithdrawPassword says, with no try counted: counted as wrong ones,
 * those tries locked out the first right password once one was set. */
export const changeWithdrawPassword = async (
  deps: AccountDeps,
  userId: number,
  req: { oldPassword: string; password: string },
): Promise<UserInfo> => {
  const user = await getUser(deps, userId);
  const { withdrawPasswordHash } = user;
  if (withdrawPasswordHash === null) throw fail('withdraw_pwd_not_set');
  const right = await checkWithdrawTry(deps, userId, () =>
    verifyPassword(req.oldPassword, withdrawPasswordHash),
  );
  if (!right) throw fail('old_withdraw_pwd_wrong');
  await assertOtherPassword(req.password, user.passwordHash);
  await deps.uow.store.users.update(userId, {
    withdrawPasswordHash: await hashPassword(req.password, deps.settings.scryptN),
  });
  return getUserInfo(deps, userId);
};

/** For the wallet: the withdrawal password must be set (withdraw_pwd_not_set: no try is a guess
 * then, so none is counted) and right (withdraw_pwd_incorrect). Wrong tries are throttled like
 * logins (withdraw_pwd_tries). */
export const checkWithdrawPassword = async (
  deps: AccountDeps,
  userId: number,
  password: string,
): Promise<void> => {
  const user = await getUser(deps, userId);
  if (user.withdrawPasswordHash === null) throw fail('withdraw_pwd_not_set');
  const hash = user.withdrawPasswordHash;
  if (!(await checkWithdrawTry(deps, userId, () => verifyPassword(password, hash))))
    throw fail('withdraw_pwd_incorrect');
  await upgradeHash(deps, password, hash, (next) =>
    deps.uow.store.users.replaceHash(userId, 'withdrawPasswordHash', hash, next),
  );
};
