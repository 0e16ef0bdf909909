import { sql, type Kysely } from 'kysely';
import { balanceKey } from '../../domain/ledger/apply';
import type { AccountKey, LedgerStore } from '../../domain/ledger/ports';
import { ZERO, type Balance } from '../../domain/ledger/types';
import type { Database } from '../schema';
import { runPrepared } from '../prepared';
import { ledgerStore } from './ledger';

/** Accounts kept at most; the one written, or read from the database, longest ago goes first. A
 * few hundred bytes each. */
const LIMIT = 20_000;

/**
 * How far the database has moved, as one SQLite connection can tell: `version` moves with every
 * commit of any other connection or process (`data_version`), `changes` with every row this
 * connection has written, committed or not (`total_changes()`). Neither moves with this
 * connection's reads or commits as such.
 */
interface Stamp {
  version: number;
  changes: number;
}

/** Read twice a transaction, so in one statement compiled once: as two, each through Kysely's
 * path, they were four of the spot thread's ten statements a batch. */
const stampOf = async (trx: Kysely<Database>): Promise<Stamp> => {
  const { rows } = await runPrepared(trx, 'balanceCache.stamp', [], () =>
    trx.selectNoFrom([
      sql<number>`(select data_version from pragma_data_version)`.as('version'),
      sql<number>`total_changes()`.as('changes'),
    ]),
  );
  return rows[0]!;
};

/** A ledger store for one transaction of the connection that keeps balances (`balanceCache`). */
export interface KeptStore extends LedgerStore {
  /** After the transaction's last write, before its commit: where the database then stands. */
  seal(): Promise<void>;
  /** Once the transaction has committed: what it wrote is kept for the next one. */
  committed(): void;
}

export interface BalanceCache {
  /** The store for a transaction (begun with the write lock held). Every balance it writes must
   * go through this store, and its last write must be followed by `seal`. */
  open(trx: Kysely<Database>): KeptStore;
}

/**
 * The balances one SQLite connection last read or committed, kept between its transactions, so a
 * batch of orders reads from the database only accounts it has not met lately: on the spot thread
 * those reads were about a tenth of its time an order. They are what the database holds as long
 * as nothing else was written since: each transaction's first read compares the connection's
 * `Stamp` with the one taken at the end of the last committed transaction, and on any difference
 * (another connection's or process's commit, the operator CLI's; this connection's own writes
 * by any other path, or a transaction that wrote and did not commit) everything kept is dropped
 * and read again. What a transaction writes is kept only once it has committed. On SQLite a
 * transaction holds the only write lock from its start, so nothing can commit between the
 * comparison and the commit. Not for PostgreSQL, whose reads are also its row locks.
 */
export const balanceCache = (limit = LIMIT): BalanceCache => {
  const kept = new Map<string, Balance>();
  let stamp: Stamp | undefined;
  const keep = (key: string, balance: Balance) => {
    kept.delete(key);
    kept.set(key, balance);
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
  };
  return {
    open(trx) {
      const store = ledgerStore(trx, 'sqlite');
      let checked = false;
      /** What this transaction wrote, answered before anything kept from earlier ones. */
      const written = new Map<string, Balance>();
      let sealed: Stamp | undefined;
      return {
        async lock(keys) {
          if (!checked) {
            const now = await stampOf(trx);
            if (now.version !== stamp?.version || now.changes !== stamp.changes) {
              kept.clear();
              stamp = now;
            }
            checked = true;
          }
          const found = new Map<string, Balance>();
          let missing: AccountKey[] | undefined;
          for (const k of keys) {
            const key = balanceKey(k);
            const balance = written.get(key) ?? kept.get(key);
            if (balance) found.set(key, balance);
            else (missing ??= []).push(k);
          }
          if (!missing) return found;
          const read = await store.lock(missing);
          for (const k of missing) {
            const key = balanceKey(k);
            const balance = read.get(key) ?? ZERO;
            found.set(key, balance);
            keep(key, balance);
          }
          return found;
        },
        async save(balances, now) {
          await store.save(balances, now);
          for (const b of balances) written.set(balanceKey(b), { available: b.available, frozen: b.frozen });
        },
        journal: (entries) => store.journal(entries),
        async seal() {
          sealed = await stampOf(trx);
        },
        committed() {
          // A transaction that never compared stamps may have begun on balances kept from before
          // another connection's commit: only what it wrote itself is known to be current.
          if (!checked) kept.clear();
          for (const [key, balance] of written) keep(key, balance);
          stamp = sealed;
        },
      };
    },
  };
};
