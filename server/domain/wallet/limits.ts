import { ASSET_SCALE, type LimitData } from '../../../protocol';
import { plainUnits } from '../money/plain';
import type { NetworkConfig } from './types';

/** A withdrawal amount against the network's limits: the limit failure (spec §8: message and the
 * limit value, code 2003) or null when it is within them. */
export const withdrawLimitProblem = (amount: bigint, net: NetworkConfig): LimitData | null => {
  if (amount < net.minWithdraw)
    return { message: 'app.msg.withdraw_min', value: plainUnits(net.minWithdraw) };
  if (amount > net.maxWithdraw)
    return { message: 'app.msg.withdraw_max', value: plainUnits(net.maxWithdraw) };
  return null;
};

/** Whether an amount in 10^-8 units fits the network's decimal places. */
export const fitsDecimals = (units: bigint, net: NetworkConfig): boolean =>
  units % 10n ** BigInt(ASSET_SCALE - net.decimals) === 0n;

export const depositWithinLimits = (amount: bigint, net: NetworkConfig): boolean =>
  amount >= net.minDeposit && amount <= net.maxDeposit;

/** The operator's settings must make sense together: limits in order, a withdrawal always worth
 * more than its fee. Answers the first problem, or null. */
export const configProblem = (net: NetworkConfig): string | null => {
  const step = 10n ** BigInt(ASSET_SCALE - net.decimals);
  const amounts = { minDeposit: net.minDeposit, maxDeposit: net.maxDeposit, minWithdraw: net.minWithdraw };
  for (const [name, value] of Object.entries({
    ...amounts,
    maxWithdraw: net.maxWithdraw,
    withdrawFee: net.withdrawFee,
  }))
    if (value % step !== 0n) return `${name} has more than ${net.decimals} decimal places`;
  if (net.minDeposit > net.maxDeposit) return 'minDeposit must not exceed maxDeposit';
  if (net.minWithdraw > net.maxWithdraw) return 'minWithdraw must not exceed maxWithdraw';
  if (net.withdrawFee >= net.minWithdraw) return 'withdrawFee must be below minWithdraw';
  return null;
};
