import type { Kysely, Transaction } from 'kysely';

/**
 * Failures a transaction may meet through no fault of its own, which succeed when the same work
 * is simply run again: PostgreSQL chose it as a deadlock victim or could not serialize it, or
 * SQLite found the database busy beyond its timeout.
 */
export const isTransient = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
};

/** Runs of one transaction that keeps failing transiently before its failure is answered. */
export const TRANSIENT_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and runs it again from the start, in a new transaction, when that
 * fails transiently: a deadlock victim's caller would otherwise be answered `unexpected_error` for
 * work that commits on a second try. `work` must therefore do nothing but database work, and keep
 * whatever it gathers for after the commit in state it makes afresh on each run.
 */
export const transact = async <DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= TRANSIENT_ATTEMPTS || !isTransient(err)) throw err;
    }
  }
};
