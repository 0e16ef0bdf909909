import { CERTIFICATION, type UserInfo } from '../../../protocol';
import { fail } from './errors';
import type { UserRecord } from './ports';

/** The `userinfo` the web app keeps: never a hash, never a flag it has no use for. */
export const toUserInfo = (u: UserRecord): UserInfo => ({
  id: u.id,
  username: u.username,
  nickname: u.nickname,
  email: u.email,
  phone: u.phone ?? '',
  inviteCode: u.inviteCode,
  creditScore: u.creditScore,
  certification: u.certification,
  tradingDisabled: u.tradingDisabled,
  withdrawProhibited: u.withdrawProhibited,
  hasWithdrawPassword: u.withdrawPasswordHash !== null,
  withdrawLockedUntil: u.withdrawLockedUntil,
  createdAt: u.createdAt,
});

/** Spec §4: null never verified, 0 under review, 1 failed, any other value approved. */
export const isApproved = (certification: number | null) =>
  certification !== null &&
  certification !== CERTIFICATION.underReview &&
  certification !== CERTIFICATION.failed;

/** While the site asks for real-name verification (`required`, read only for a user who is not
 * approved), only an approved user may trade, withdraw, pledge or open a contract. Every one of
 * them refuses alike, so the app can tell "under review" (wait) from "not verified" or "failed" (go
 * to verification) (spec §4). */
export const assertVerified = async (
  certification: number | null,
  required: () => boolean | Promise<boolean>,
) => {
  if (isApproved(certification) || !(await required())) return;
  throw fail(certification === CERTIFICATION.underReview ? 'verification_pending' : 'verification_required');
};
