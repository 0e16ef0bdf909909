import { fail } from './errors';

/** Account flags set by operators (spec §6), enforced by the trading and wallet rules. */
interface AccountFlags {
  tradingDisabled: boolean;
  withdrawProhibited: boolean;
  withdrawLockedUntil: number;
  locked?: boolean;
}

export const assertCanTrade = (user: Pick<AccountFlags, 'tradingDisabled' | 'locked'>) => {
  if (user.locked) throw fail('account_locked');
  if (user.tradingDisabled) throw fail('trading_disabled');
};

/** Withdrawals: prohibited by an operator → withdraw_prohibited; within the lock after a login
 * password change → withdraw_locked, with the time it ends. */
export const assertCanWithdraw = (user: AccountFlags, now: number) => {
  if (user.locked) throw fail('account_locked');
  if (user.withdrawProhibited) throw fail('withdraw_prohibited');
  if (now < user.withdrawLockedUntil) throw fail('withdraw_locked', { until: user.withdrawLockedUntil });
};
