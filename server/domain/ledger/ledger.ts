import type { Kysely } from 'kysely';
import {
  ASSET_SCALE,
  type Balance as WireBalance,
  type FinancPage,
  type FinancQuery,
} from '../../../protocol';
import type { Db } from '../../db/connect';
import { ledgerReader, ledgerStore } from '../../db/repos/ledger';
import type { Database } from '../../db/schema';
import { formatScaled } from '../money/scaled';
import { openLedgerSession, postMovements, type LedgerSession } from './post';
import type { LedgerStore } from './ports';
import type { Movement, PostedEntry } from './types';
import { transact } from '../../db/transient';

/** Whose balances changed in a commit (its entries, or just their owners when the entries were
 * posted on another thread). */
export type Changed = ReadonlyArray<Pick<PostedEntry, 'userId'>>;

/** Listeners told of every committed change, to push the new balances to their owners. */
export type BalanceListener = (changed: Changed) => void;

export const formatUnits = (units: bigint) => formatScaled(units, ASSET_SCALE);

export interface Ledger {
  /** Posts movements in a transaction of their own. */
  post(movements: readonly Movement[], now?: number): Promise<PostedEntry[]>;
  /** Posts movements inside the caller's transaction (an order and its ledger entries commit
   * together); the caller calls `announce` once that transaction has committed. */
  postIn(trx: Kysely<Database>, movements: readonly Movement[], now: number): Promise<PostedEntry[]>;
  /** Many posts inside the caller's transaction, written together by the session's `flush`;
   * through `store` when given (balances kept between transactions, `balanceCache`). */
  session(trx: Kysely<Database>, store?: LedgerStore): LedgerSession;
  announce(changed: Changed): void;
  onChange(listener: BalanceListener): () => void;
  balances(userId: number): Promise<WireBalance[]>;
  available(userId: number, asset: string): Promise<bigint>;
  financ(userId: number, query: FinancQuery): Promise<FinancPage>;
}

export const createLedger = (db: Db): Ledger => {
  const listeners = new Set<BalanceListener>();
  const reader = ledgerReader(db.kysely);
  const postIn: Ledger['postIn'] = (trx, movements, now) =>
    postMovements(ledgerStore(trx, db.engine), movements, now);
  const announce: Ledger['announce'] = (changed) => {
    if (changed.length === 0) return;
    for (const l of listeners) l(changed);
  };
  return {
    postIn,
    session: (trx, store) => openLedgerSession(store ?? ledgerStore(trx, db.engine)),
    announce,
    post: async (movements, now = Date.now()) => {
      const posted = await transact(db.kysely, (trx) => postIn(trx, movements, now));
      announce(posted);
      return posted;
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    balances: async (userId) =>
      (await reader.balances(userId)).map((b) => ({
        asset: b.asset,
        available: formatUnits(b.available),
        frozen: formatUnits(b.frozen),
      })),
    available: async (userId, asset) => (await reader.balance(userId, asset)).available,
    financ: async (userId, query) => {
      const { page, size } = query;
      const { rows, total } = await reader.journal(
        userId,
        { type: query.type, asset: query.asset },
        { offset: (page - 1) * size, limit: size },
      );
      return {
        page,
        size,
        total,
        list: rows.map((r) => ({
          id: r.id,
          asset: r.asset,
          type: r.type,
          ref: r.ref,
          availableChange: formatUnits(r.availableChange),
          frozenChange: formatUnits(r.frozenChange),
          availableAfter: formatUnits(r.availableAfter),
          frozenAfter: formatUnits(r.frozenAfter),
          createdAt: r.createdAt,
        })),
      };
    },
  };
};
