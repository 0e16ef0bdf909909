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

/** What a deposit and a withdrawal both are: an amount of a coin moving on one network between one
 * user's balance and one address. */
interface ChainTransfer {
  id: number;
  userId: number;
  coin: string;
  network: Network;
  address: string;
  memo: string;
  /** A deposit's: what the user said they sent. A withdrawal's: what leaves the balance, the fee
   * and what the address receives. */
  amount: bigint;
  txHash: string | null;
  note: string | null;
  createdAt: number;
  updatedAt: number;
  /** The client's idempotency key: a withdrawal always has one, a deposit declaration may. */
  requestKey: string | null;
}

export interface DepositRecord extends ChainTransfer {
  creditedAmount: bigint | null;
  /** What the chain showed, once confirmed: more than what was credited when below the minimum. */
  receivedAmount: bigint | null;
  status: DepositState;
}

export interface WithdrawalRecord extends ChainTransfer {
  fee: bigint;
  status: WithdrawState;
  requestKey: string;
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
