import { CERTIFICATION, type UserInfo } from '../../../protocol';
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
