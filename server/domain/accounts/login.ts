import { phoneOf, type LoginRequest, type Session } from '../../../protocol';
import type { AccountDeps } from './deps';
import { checkCaptcha } from './captcha';
import { fail } from './errors';
import type { UserRecord } from './ports';
import { checkThrottled } from './rateLimit';
import { sha256Hex, verifyLogin } from './secrets';
import { upgradeHash } from './rehash';
import { openSession } from './sessions';
import { toUserInfo } from './userinfo';

/** The account a login name points at: an email address (has @), a phone number (digits, optional
 * +, written with spaces or dashes or not; usernames start with a letter so cannot be one), or
 * else a username. */
const findByLoginName = async (deps: AccountDeps, name: string): Promise<UserRecord | undefined> => {
  const users = deps.uow.store.users;
  const text = name.trim();
  if (text.includes('@')) return users.findByEmail(text.toLowerCase());
  const phone = phoneOf(text);
  if (phone) return users.findByPhone(phone);
  return users.findByUsername(text);
};

export const userFailureKey = (userId: number) => `user:${userId}`;

/** A login's password check under the failure limits of `key` and the client address, its graphic
 * captcha checked first when it carries one: past a few failures the account asks for it
 * (`CaptchaStep`), so that failing on purpose cannot keep its owner out. */
export const throttledLogin = async (
  deps: AccountDeps,
  key: string,
  ip: string | null,
  req: { captchaId?: string | undefined; captcha?: string | undefined },
  check: () => Promise<boolean>,
) => {
  if (req.captchaId !== undefined) await checkCaptcha(deps, req.captchaId, req.captcha ?? '');
  return checkThrottled(deps, key, ip, check, req.captchaId === undefined ? 'absent' : 'solved');
};

/**
 * Login by username, email or phone. A wrong password and an unknown account get the same answer
 * (login_failed) after the same work; a locked account is told so only once the password is
 * right. Failures are throttled per account and per client address; past a few, a login to the
 * account needs a graphic captcha (`CaptchaStep`).
 */
export const login = async (deps: AccountDeps, req: LoginRequest, ip: string | null): Promise<Session> => {
  const user = await findByLoginName(deps, req.username);
  // An unknown name is counted by its hash: the name as typed may be longer than the column, and
  // lower-casing can make it longer still.
  const key = user ? userFailureKey(user.id) : `name:${sha256Hex(req.username.trim().toLowerCase())}`;
  const right = await throttledLogin(deps, key, ip, req, () =>
    verifyLogin(req.password, user?.passwordHash ?? null, deps.settings.scryptN),
  );
  if (!user || !right) throw fail('login_failed');
  if (user.locked) throw fail('account_locked');
  await upgradeHash(deps, req.password, user.passwordHash, (next) =>
    deps.uow.store.users.replaceHash(user.id, 'passwordHash', user.passwordHash, next),
  );
  const token = await openSession(deps, deps.uow.store, 'user', user.id);
  return { token, userinfo: toUserInfo(user) };
};
