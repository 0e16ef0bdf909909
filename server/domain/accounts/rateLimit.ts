import type { AccountDeps } from './deps';
import { fail } from './errors';

/**
 * Failed password checks are counted in the `login_failures` table (so the count survives a
 * restart and is shared by every server process on PostgreSQL), over a sliding window:
 * `failuresPerAccount` per account key, `failuresPerIp` per client address.
 */
export const assertNotThrottled = async (deps: AccountDeps, accountKey: string, ip: string | null) => {
  const { settings, uow, clock } = deps;
  const since = clock() - settings.failureWindowMs;
  const repo = uow.store.loginFailures;
  if ((await repo.countForAccount(accountKey, since)) >= settings.failuresPerAccount)
    throw fail('too_many_requests');
  if (ip !== null && (await repo.countForIp(ip, since)) >= settings.failuresPerIp)
    throw fail('too_many_requests');
};

export const recordFailure = async (deps: AccountDeps, accountKey: string, ip: string | null) => {
  const now = deps.clock();
  const repo = deps.uow.store.loginFailures;
  await repo.add({ accountKey, ip: ip ?? '', createdAt: now });
  // Housekeeping: rows older than the window count for nothing.
  await repo.deleteBefore(now - deps.settings.failureWindowMs);
};

export const clearFailures = (deps: AccountDeps, accountKey: string) =>
  deps.uow.store.loginFailures.clearAccount(accountKey);
