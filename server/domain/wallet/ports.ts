import type { DepositState, WithdrawState } from '../../../protocol';
import type { AuditRepo } from '../accounts/ports';
import type { Movement, PostedEntry } from '../ledger/types';
import type { AddressRecord, DepositRecord, NetworkConfig, WithdrawalRecord } from './types';

/** What the wallet rules need from storage, bound to one connection or one transaction. */
export interface WalletRepo {
  networks(): Promise<NetworkConfig[]>;
  network(coin: string, network: string): Promise<NetworkConfig | undefined>;
  saveNetwork(net: NetworkConfig, now: number): Promise<void>;

  /** The deposit addresses the account took, on networks without memos. */
  depositAddressesOf(userId: number): Promise<Array<{ coin: string; network: string; address: string }>>;
  /** Gives the account the next free address of the pool, unless it has one: its address, or
   * undefined when the pool is empty. */
  takeDepositAddress(userId: number, coin: string, network: string, now: number): Promise<string | undefined>;
  /** Puts addresses in the pool; those already in a pool of the network are skipped. How many were
   * added. */
  addDepositAddresses(
    coin: string,
    network: string,
    addresses: readonly string[],
    now: number,
  ): Promise<number>;
  depositAddressStock(coin: string, network: string): Promise<{ free: number; taken: number }>;

  /** Throws UniqueViolation when a deposit that has not failed holds the transaction hash on the
   * network already, or the account has a deposit with the request key. */
  insertDeposit(d: Omit<DepositRecord, 'id'>): Promise<number>;
  deposit(id: number): Promise<DepositRecord | undefined>;
  /** How many of the user's deposits wait for review (pending or confirming). */
  openDeposits(userId: number): Promise<number>;
  /** Whether a deposit of the transaction on the network was judged against what the chain shows
   * (its received amount recorded: credited, or failed below the minimum). */
  txHashJudged(network: string, txHash: string): Promise<boolean>;
  depositByKey(userId: number, requestKey: string): Promise<DepositRecord | undefined>;
  /** Newest first, or oldest first (a review queue): one user's, or every user's of a status
   * (operators). */
  deposits(
    filter: { userId?: number; status?: DepositState; oldestFirst?: boolean },
    page: Page,
  ): Promise<DepositRecord[]>;
  /** Moves a deposit on only from one of `from`: false when another writer got there first, which
   * is what makes crediting happen once however often a confirmation arrives. */
  transitionDeposit(
    id: number,
    from: readonly DepositState[],
    patch: Pick<DepositRecord, 'status' | 'updatedAt'> &
      Partial<Pick<DepositRecord, 'creditedAmount' | 'receivedAmount' | 'note'>>,
  ): Promise<boolean>;

  /** Throws UniqueViolation when the user already used the request key. */
  insertWithdrawal(w: Omit<WithdrawalRecord, 'id'>): Promise<number>;
  withdrawal(id: number): Promise<WithdrawalRecord | undefined>;
  withdrawalByKey(userId: number, requestKey: string): Promise<WithdrawalRecord | undefined>;
  withdrawals(
    filter: { userId?: number; status?: WithdrawState; oldestFirst?: boolean },
    page: Page,
  ): Promise<WithdrawalRecord[]>;
  transitionWithdrawal(
    id: number,
    from: WithdrawState,
    patch: Pick<WithdrawalRecord, 'status' | 'updatedAt'> &
      Partial<Pick<WithdrawalRecord, 'note' | 'txHash'>>,
  ): Promise<boolean>;

  addresses(userId: number): Promise<AddressRecord[]>;
  findAddress(
    userId: number,
    a: Pick<AddressRecord, 'coin' | 'network' | 'address' | 'memo'>,
  ): Promise<AddressRecord | undefined>;
  /** Throws UniqueViolation for a duplicate. */
  insertAddress(a: Omit<AddressRecord, 'id'>): Promise<number>;
  deleteAddress(userId: number, id: number): Promise<boolean>;
}

export interface Page {
  offset: number;
  limit: number;
}

/** Everything one wallet change writes, in one transaction: its rows, its ledger movements and,
 * for operator actions, the audit row. */
export interface WalletTx {
  repo: WalletRepo;
  post(movements: readonly Movement[], now: number): Promise<PostedEntry[]>;
  audit: AuditRepo;
}

export interface WalletUnitOfWork {
  repo: WalletRepo;
  /** Runs `fn` in one transaction, and again in a new one if that fails transiently (a deadlock
   * victim): `fn` only works the database. */
  transaction<T>(fn: (tx: WalletTx) => Promise<T>): Promise<T>;
}
