import type { DepositState, Network, WithdrawState } from '../../../protocol';

/** A coin on a network as the operator configured it; amounts in 10^-8 units. */
export interface NetworkConfig {
  coin: string;
  network: Network;
  depositAddress: string;
  memo: string;
  minDeposit: bigint;
  maxDeposit: bigint;
  minWithdraw: bigint;
  maxWithdraw: bigint;
  withdrawFee: bigint;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  sort: number;
  /** Decimal places the coin carries on the network (at most 8). */
  decimals: number;
}

export interface DepositRecord {
  id: number;
  userId: number;
  coin: string;
  network: Network;
  address: string;
  memo: string;
  amount: bigint;
  creditedAmount: bigint | null;
  /** What the chain showed, once confirmed: more than what was credited when below the minimum. */
  receivedAmount: bigint | null;
  txHash: string | null;
  status: DepositState;
  note: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WithdrawalRecord {
  id: number;
  userId: number;
  coin: string;
  network: Network;
  address: string;
  memo: string;
  /** What leaves the balance: the fee and what the address receives. */
  amount: bigint;
  fee: bigint;
  status: WithdrawState;
  requestKey: string;
  note: string | null;
  txHash: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AddressRecord {
  id: number;
  userId: number;
  coin: string;
  network: Network;
  address: string;
  memo: string;
  remark: string;
  createdAt: number;
}
