import type { AccountDeps } from './deps';
import { fail } from './errors';

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
export const checkThrottled = async (
  deps: AccountDeps,
  accountKey: string,
  ip: string | null,
  check: () => Promise<boolean>,
): Promise<boolean> => {
  const { settings, uow, clock } = deps;
  const repo = uow.store.loginFailures;
  const now = clock();
  const since = now - settings.failureWindowMs;
  const id = await repo.add({ accountKey, ip: ip ?? '', createdAt: now });
  const over =
    (await repo.countForAccount(accountKey, since)) > settings.failuresPerAccount ||
    (ip !== null && (await repo.countForIp(ip, since)) > settings.failuresPerIp);
  if (over) {
    await repo.remove(id);
    throw fail('too_many_requests');
  }
  // Housekeeping: rows older than the window count for nothing.
  await repo.deleteBefore(since);
  const right = await check();
  if (right) await clearFailures(deps, accountKey);
  return right;
};

export const clearFailures = (deps: AccountDeps, accountKey: string) =>
  deps.uow.store.loginFailures.clearAccount(accountKey);
