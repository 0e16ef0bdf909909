import {
  depositStatusName,
  memoRequired,
  withdrawStatusName,
  type Deposit,
  type WalletNetwork,
  type Withdrawal,
  type WithdrawAddress,
} from '../../../protocol';
import { formatUnits } from '../ledger/ledger';
import { plainUnits } from '../money/plain';
import type { AddressRecord, DepositRecord, NetworkConfig, WithdrawalRecord } from './types';

export const networkToWire = (n: NetworkConfig): WalletNetwork => ({
  coin: n.coin,
  network: n.network,
  depositAddress: n.depositAddress,
  memo: n.memo,
  memoRequired: memoRequired(n.network),
  minDeposit: plainUnits(n.minDeposit),
  maxDeposit: plainUnits(n.maxDeposit),
  minWithdraw: plainUnits(n.minWithdraw),
  maxWithdraw: plainUnits(n.maxWithdraw),
  withdrawFee: plainUnits(n.withdrawFee),
  depositEnabled: n.depositEnabled,
  withdrawEnabled: n.withdrawEnabled,
  decimals: n.decimals,
});

export const depositToWire = (d: DepositRecord): Deposit => ({
  id: d.id,
  coin: d.coin,
  network: d.network,
  address: d.address,
  memo: d.memo,
  amount: formatUnits(d.amount),
  creditedAmount: d.creditedAmount === null ? null : formatUnits(d.creditedAmount),
  receivedAmount: d.receivedAmount === null ? null : formatUnits(d.receivedAmount),
  txHash: d.txHash,
  status: d.status,
  status_name: depositStatusName(d.status),
  note: d.note,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export const withdrawalToWire = (w: WithdrawalRecord): Withdrawal => ({
  id: w.id,
  coin: w.coin,
  network: w.network,
  address: w.address,
  memo: w.memo,
  amount: formatUnits(w.amount),
  fee: formatUnits(w.fee),
  received: formatUnits(w.amount - w.fee),
  status: w.status,
  status_name: withdrawStatusName(w.status),
  note: w.note,
  txHash: w.txHash,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
});

export const addressToWire = (a: AddressRecord): WithdrawAddress => ({
  id: a.id,
  coin: a.coin,
  network: a.network,
  address: a.address,
  memo: a.memo,
  remark: a.remark,
  createdAt: a.createdAt,
});
