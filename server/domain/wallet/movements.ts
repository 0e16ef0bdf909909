import { SYSTEM_ACCOUNTS, type Movement } from '../ledger/types';
import type { DepositRecord, WithdrawalRecord } from './types';
import { ledgerRef } from '../../../protocol/ledgerRefs';

/**
 * The ledger movements of the wallet. A confirmed deposit enters the user's available balance; a
 * withdrawal freezes its whole amount while pending; an approval spends the frozen amount (what
 * leaves for the chain, and the fee, which goes to the fee account); a rejection or failure
 * releases it.
 */
const depositRef = (id: number) => ledgerRef('deposit', id);
const withdrawalRef = (id: number) => ledgerRef('withdrawal', id);

export const creditDeposit = (d: DepositRecord, amount: bigint): Movement[] => [
  {
    userId: d.userId,
    asset: d.coin,
    available: amount,
    frozen: 0n,
    type: 'app.data.deposit',
    ref: depositRef(d.id),
  },
];

export const freezeWithdrawal = (
  w: Pick<WithdrawalRecord, 'userId' | 'coin' | 'amount'>,
  id: number,
): Movement[] => [
  {
    userId: w.userId,
    asset: w.coin,
    available: -w.amount,
    frozen: w.amount,
    type: 'app.data.withdraw_freeze',
    ref: withdrawalRef(id),
  },
];

export const settleWithdrawal = (w: WithdrawalRecord): Movement[] => {
  const ref = withdrawalRef(w.id);
  return [
    {
      userId: w.userId,
      asset: w.coin,
      available: 0n,
      frozen: -(w.amount - w.fee),
      type: 'app.data.withdraw',
      ref,
    },
    { userId: w.userId, asset: w.coin, available: 0n, frozen: -w.fee, type: 'app.data.withdraw_fee', ref },
    {
      userId: SYSTEM_ACCOUNTS.fees,
      asset: w.coin,
      available: w.fee,
      frozen: 0n,
      type: 'app.data.withdraw_fee',
      ref,
    },
  ];
};

export const releaseWithdrawal = (w: WithdrawalRecord): Movement[] => [
  {
    userId: w.userId,
    asset: w.coin,
    available: w.amount,
    frozen: -w.amount,
    type: 'app.data.withdraw_release',
    ref: withdrawalRef(w.id),
  },
];
