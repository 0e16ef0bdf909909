import { HashingBusy } from '../../crypto/scryptThread';
import type { AccountDeps } from './deps';
import { hashPassword, needsRehash } from './secrets';

/**
 * After a right `password` was checked against `stored`: a hash made at a lower cost than the
 * current setting is made again and handed to `replace`, so that raising the cost reaches every
 * account that signs in, without a reset. A hashing thread too busy for it leaves the old hash
 * for a later sign-in rather than refuse this one.
 */
export const upgradeHash = async (
  deps: AccountDeps,
  password: string,
  stored: string,
  replace: (next: string) => Promise<void>,
) => {
  if (!needsRehash(stored, deps.settings.scryptN)) return;
  try {
    await replace(await hashPassword(password, deps.settings.scryptN));
  } catch (err) {
    if (!(err instanceof HashingBusy)) throw err;
  }
};
