import type { ContractListState } from '../../../protocol';
import type { Movement, PostedEntry } from '../ledger/types';
import type { ContractRecord, CycleSettings, NewContract, PairSettings, RefTick, Settlement } from './types';

/** The recorded reference feed (the tick store): the only place prices come from. */
export interface TickReader {
  /** The newest recorded tick of `pair` at or before `ts` (never one after it). */
  atOrBefore(pair: string, ts: number): Promise<RefTick | undefined>;
}

export interface ContractStore {
  insert(c: NewContract): Promise<number>;
  byRequestKey(userId: number, requestKey: string): Promise<ContractRecord | undefined>;
  byId(id: number): Promise<ContractRecord | undefined>;
  byIds(ids: readonly number[]): Promise<ContractRecord[]>;
  /** Ids of unsettled contracts (pending or closing) closed at or before `cutoff`, oldest first. */
  due(cutoff: number, limit: number): Promise<number[]>;
  /** pending → closing for these ids (the sweeper has claimed them). */
  markClosing(ids: readonly number[]): Promise<void>;
  /** → completed with its settlement, only if not completed yet: false when another run did it
   * first. This transition is the guard against paying twice. */
  complete(id: number, s: Settlement): Promise<boolean>;
  /** The earliest close time of a contract still pending. */
  nextCloseAt(): Promise<number | undefined>;
  list(
    userId: number,
    state: ContractListState,
    /** `before`: only rows of a lower id (read on from the last row read). */
    page: { offset: number; limit: number; before?: number },
  ): Promise<{ rows: ContractRecord[]; total: number }>;
}

export interface SettingsStore {
  /** Every listed pair with its settings (disabled and without cycles when never configured). */
  all(): Promise<PairSettings[]>;
  get(pair: string): Promise<PairSettings | undefined>;
  save(pair: string, change: { enabled?: boolean; cycles?: CycleSettings[] }, now: number): Promise<void>;
}

/** What runs inside one database transaction: the contract rows, the tick store and the ledger
 * commit together or not at all. */
export interface ContractTx {
  contracts: ContractStore;
  ticks: TickReader;
  post(movements: readonly Movement[], now: number): Promise<PostedEntry[]>;
}

/** Runs `fn` in one transaction, and again in a new one if that fails transiently (a deadlock
 * victim): `fn` only works the database. */
export type RunInTx = <T>(fn: (tx: ContractTx) => Promise<T>) => Promise<T>;
