import type { AccountDeps } from './deps';
import { fail } from './errors';
import { keyedTurns } from '../keyedTurns';

/**
 * Password checks under the failure limits. Failed tries are counted in the `login_failures` table
 * (so the count survives a restart and is shared by every server process on PostgreSQL), over a
 * sliding window: `failuresPerAccount` per account key, `failuresPerIp` per client address.
 *
 * A try is written down before its password is checked and counted with it, and a try that finds
 * the count over a limit takes its row back and is refused. Of any number of tries arriving at
 * once, the k-th to be written sees at least k rows, so no more than the limit get checked; a count
 * read before the check and a failure written after it let a burst through whole. A right password
 * clears the account key's tries; a wrong one's row stays as its failure.
 */
export const checkThrottled = (
  deps: AccountDeps,
  accountKey: string,
  ip: string | null,
  check: () => Promise<boolean>,
  captcha?: CaptchaStep,
): Promise<boolean> => inTurn(accountKey, () => throttled(deps, accountKey, ip, check, captcha));

/**
 * Logins have a step before the refusal. Refused outright after `failuresPerAccount`, anyone who
 * knew a name could keep its owner out by failing on purpose. So past that many failures a login
 * is checked only with a solved graphic captcha (`solved`; without one: captcha_required), which a
 * script sending wrong passwords cannot cheaply pass, and refused only past
 * `failuresPerAccountWithCaptcha`.
 */
type CaptchaStep = 'solved' | 'absent';

/**
 * The checks of one account key in this process run one after another. Run side by side, each
 * counted the others still under way: twenty withdrawals sent at once with the right password
 * found the limit full of each other and were refused (too_many_requests). One after another, a
 * right one has cleared its row before the next counts, and wrong guesses sent at once still reach
 * the limit after as many checks. Other processes' tries still count as they are written.
 */
const inTurn = keyedTurns();

const throttled = async (
  deps: AccountDeps,
  accountKey: string,
  ip: string | null,
  check: () => Promise<boolean>,
  captcha: CaptchaStep | undefined,
): Promise<boolean> => {
  const { settings, uow, clock } = deps;
  const repo = uow.store.loginFailures;
  const now = clock();
  const since = now - settings.failureWindowMs;
  const id = await repo.add({ accountKey, ip: ip ?? '', createdAt: now });
  const tries = await repo.countForAccount(accountKey, since);
  const refusal =
    (ip !== null && (await repo.countForIp(ip, since)) > settings.failuresPerIp) ||
    tries > (captcha ? settings.failuresPerAccountWithCaptcha : settings.failuresPerAccount)
      ? 'too_many_requests'
      : captcha === 'absent' && tries > settings.failuresPerAccount
        ? 'captcha_required'
        : undefined;
  if (refusal) {
    await repo.remove(id);
    throw fail(refusal);
  }
  // Housekeeping: rows older than the window count for nothing.
  await repo.deleteBefore(since);
  const right = await check();
  if (right) await clearFailures(deps, accountKey);
  return right;
};

export const clearFailures = (deps: AccountDeps, accountKey: string) =>
  deps.uow.store.loginFailures.clearAccount(accountKey);
