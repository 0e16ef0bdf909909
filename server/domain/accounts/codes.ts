import {
  CODE_LENGTH,
  DEFAULT_LOCALE,
  type Locale,
  EMAIL_RE,
  phoneOf,
  type ForgetPwdRequest,
  type CodeUse,
  type SendCodeRequest,
  type SentCode,
} from '../../../protocol';
import { checkCaptcha } from './captcha';
import { utcDayStart, type AccountDeps } from './deps';
import { AppError, fail } from './errors';
import { userFailureKey } from './login';
import type { UserRecord } from './ports';
import { clearFailures } from './rateLimit';
import { assertOtherPassword } from './passwords';
import { hashPassword, newToken, randomDigits, safeEqualText, sha256Hex } from './secrets';

/** An email address (lower-cased) or a phone number (in its stored form), as codes are keyed. */
export const normalizeTarget = (target: string) => {
  const text = target.trim();
  return EMAIL_RE.test(text)
    ? { target: text.toLowerCase(), channel: 'email' as const }
    : { target: phoneOf(text) ?? text, channel: 'sms' as const };
};

const accountOf = async (
  deps: AccountDeps,
  target: string,
  channel: 'email' | 'sms',
): Promise<UserRecord> => {
  const users = deps.uow.store.users;
  const user = channel === 'email' ? await users.findByEmail(target) : await users.findByPhone(target);
  if (!user) throw fail('account_not_exist');
  return user;
};

/** Issues a code for `purpose` to `target` under the daily cap per target and purpose (UTC day)
 * and the minimum interval between sends of one purpose, and delivers it. Per purpose, so that a
 * stranger who knows an address and spends its day of password-reset codes leaves its owner the
 * codes for the withdrawal password, asked for signed in (nor does that code wait on a reset code
 * sent a moment before). Answers the
 * ticket the code's use must name (see spendCode). Only the sha256 of the code and of the ticket
 * are kept. */
const issueCode = async (
  deps: AccountDeps,
  { target, channel }: ReturnType<typeof normalizeTarget>,
  purpose: CodeUse,
  locale: Locale,
): Promise<SentCode> => {
  const now = deps.clock();
  const code = randomDigits(CODE_LENGTH);
  const codeTicket = newToken();
  const id = await deps.uow.transaction(async (tx) => {
    await tx.codes.lockTarget(target);
    if ((await tx.codes.countSince(target, purpose, utcDayStart(now))) >= deps.settings.codeDailyLimit)
      throw fail('code_limit_reached');
    const latest = await tx.codes.latest(target, purpose);
    // The wait is told, so a form reloaded since the last send can count it down again.
    if (latest && now - latest.createdAt < deps.settings.codeResendMs)
      throw fail('code_frequent', {
        seconds: Math.ceil((latest.createdAt + deps.settings.codeResendMs - now) / 1000),
      });
    return tx.codes.insert({
      target,
      purpose,
      codeHash: sha256Hex(code),
      ticketHash: sha256Hex(codeTicket),
      createdAt: now,
      expiresAt: now + deps.settings.codeTtlMs,
    });
  });
  // Delivered after the commit, so a slow mail server never holds the database. A delivery that
  // failed takes its code back: it spends neither the interval nor the day's count, and the reader
  // is told to try again rather than to wait a minute for a code that never came.
  try {
    await deps.sender.deliver({ channel, target, purpose, code, locale }, deps.uow.store);
  } catch (err) {
    deps.log.error({ err, target, channel }, 'verification code not delivered');
    await deps.uow.store.codes.remove(id);
    throw fail('code_not_delivered');
  }
  return { codeTicket };
};

/**
 * Sends a verification code: to an account's email or phone (a forgotten password), or to the
 * email address of an account about to be made, which no account may hold yet (registration).
 * Graphic captcha first.
 */
export const sendCode = async (
  deps: AccountDeps,
  req: SendCodeRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SentCode> => {
  await checkCaptcha(deps, req.captchaId, req.captcha);
  const to = normalizeTarget(req.target);
  if (req.purpose === 'forgetPwd') await accountOf(deps, to.target, to.channel);
  else if (await deps.uow.store.users.findByEmail(to.target)) throw fail('email_exists');
  return issueCode(deps, to, req.purpose, locale);
};

/** Sends a signed-in account a code to its own email address, for setting or resetting its
 * withdrawal password. No graphic captcha: the session stands for it, and the same daily cap and
 * interval hold. */
export const sendWithdrawPwdCode = async (
  deps: AccountDeps,
  userId: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SentCode> => {
  const user = await deps.uow.store.users.findById(userId);
  if (!user) throw fail('account_not_exist');
  return issueCode(deps, { target: user.email, channel: 'email' }, 'withdrawPwd', locale);
};

/** Checks the code of `purpose` sent to `target` by the send that answered `ticket`. Only that
 * code: someone who merely knows the address has no ticket of the owner's, so their guesses never
 * spend the owner's tries, nor does a code they have sent since take its place. A missing or
 * unknown ticket counts nothing (no ticket at all: code_not_requested). Every try at the code counts, taken before the code is compared,
 * so a burst of concurrent guesses gets `codeMaxAttempts` comparisons in all, not one each; after
 * that, or once expired, the code is dead. Wrong → captcha_incorrect. */
export const spendCode = async (
  deps: AccountDeps,
  target: string,
  purpose: CodeUse,
  code: string,
  ticket: string,
) => {
  // No ticket: the code was asked for from another page or tab, whose ticket this one does not
  // hold. Said so, rather than calling a right code wrong and having it typed again.
  if (ticket === '') throw fail('code_not_requested');
  const rec = await deps.uow.store.codes.openByTicket(target, purpose, sha256Hex(ticket));
  if (!rec || !(await deps.uow.store.codes.takeAttempt(rec.id, deps.settings.codeMaxAttempts, deps.clock())))
    throw fail('captcha_incorrect');
  if (!safeEqualText(rec.codeHash, sha256Hex(code))) throw fail('captcha_incorrect');
  return rec;
};

/** Runs `use` with the code `rec`, found right by spendCode. A refusal for anything but the code
 * itself (a name taken, a password not allowed, the server too busy) gives the code's try back:
 * the reader had it right, and may go on choosing with it however often such a refusal comes. */
export const usingCode = async <T>(
  deps: AccountDeps,
  rec: { id: number },
  use: () => Promise<T>,
): Promise<T> => {
  try {
    return await use();
  } catch (e) {
    // Not when the code itself was the trouble: a concurrent use spent it first.
    if (!(e instanceof AppError && e.errorName === 'captcha_incorrect'))
      await deps.uow.store.codes.returnAttempt(rec.id);
    throw e;
  }
};

/** Resets a forgotten password with an emailed or texted code: the new password, every session
 * revoked, the login lock-out lifted, and (a login-password change) withdrawals locked for
 * `withdrawLockMs`. */
export const forgetPassword = async (deps: AccountDeps, req: ForgetPwdRequest): Promise<void> => {
  const { target, channel } = normalizeTarget(req.target);
  // The code first: a code was only ever sent to an account's address (behind the graphic captcha),
  // so whether the address has an account is never told to someone without one.
  const rec = await spendCode(deps, target, 'forgetPwd', req.code, req.codeTicket);
  const user = await usingCode(deps, rec, async () => {
    const user = await accountOf(deps, target, channel);
    // Before the code is used up: the reader may choose another password with it.
    await assertOtherPassword(req.password, user.withdrawPasswordHash);
    const passwordHash = await hashPassword(req.password, deps.settings.scryptN);
    await deps.uow.transaction(async (tx) => {
      // Conditional: of two concurrent uses of one code only one gets here.
      if (!(await tx.codes.consume(rec.id, deps.clock()))) throw fail('captcha_incorrect');
      const now = deps.clock();
      await tx.users.update(user.id, {
        passwordHash,
        withdrawLockedUntil: now + deps.settings.withdrawLockMs,
      });
      await tx.sessions.revokeAll('user', user.id, now);
    });
    return user;
  });
  // Whoever forgot the password usually failed to log in first: the code proved the account is
  // theirs, so the lock-out those failures earned must not keep them out with the new password.
  await clearFailures(deps, userFailureKey(user.id));
};
