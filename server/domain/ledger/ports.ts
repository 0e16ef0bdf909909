import type { LedgerType } from '../../../protocol';
import type { Balance, PostedEntry } from './types';

export interface AccountKey {
  userId: number;
  asset: string;
}

export interface JournalRow {
  id: number;
  userId: number;
  asset: string;
  type: LedgerType;
  ref: string;
  availableChange: bigint;
  frozenChange: bigint;
  availableAfter: bigint;
  frozenAfter: bigint;
  createdAt: number;
}

/** The ledger's storage, inside one database transaction. `lock` answers the accounts' balances
 * (keyed `userId:asset`; an account never moved is absent) and must hold their rows against
 * concurrent writers until the transaction ends (SELECT … FOR UPDATE, or SQLite's single writer). */
export interface LedgerStore {
  lock(keys: readonly AccountKey[]): Promise<Map<string, Balance>>;
  save(balances: ReadonlyArray<AccountKey & Balance>, now: number): Promise<void>;
  journal(entries: readonly PostedEntry[]): Promise<void>;
}

export interface LedgerReader {
  balances(userId: number): Promise<Array<AccountKey & Balance>>;
  balance(userId: number, asset: string): Promise<Balance>;
  journal(
    userId: number,
    filter: { type?: LedgerType | undefined; asset?: string | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ rows: JournalRow[]; total: number }>;
}
