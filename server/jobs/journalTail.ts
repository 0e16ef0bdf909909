import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Balance changes committed by another process (the operator CLI confirming a deposit or
 * approving a withdrawal) reach their owners' sockets: every `intervalMs` the journal is read past
 * the last entry seen, and each user with new entries is named once. Changes made in this process
 * are announced at once by the ledger; naming them again only re-sends the same balances.
 *
 * On SQLite the tail reads no entry when no other process has committed: `pragma data_version`
 * moves only for another connection's commits, so while it stays every new entry is this
 * process's own and the tail just moves past them (under heavy trading, reading them all back
 * held the event loop for milliseconds every round).
 */
export const tailJournal = (
  db: Db,
  opts: { intervalMs: number; onUsers: (userIds: number[]) => void; onError: (err: unknown) => void },
): (() => void) => {
  let last: number | null = null;
  let version: number | undefined;
  let running = false;

  const end = async () => {
    const top = await db.kysely
      .selectFrom('journal')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(top?.id ?? 0);
  };

  /** Whether no other connection committed since the last call (never known on PostgreSQL). */
  const quiet = async () => {
    if (db.engine !== 'sqlite') return false;
    const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db.kysely);
    const seen = version;
    version = rows[0]!.data_version;
    return seen === version;
  };

  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // The end is read before the version: a commit from elsewhere between the two moves the
      // version, and the round reads the entries.
      const top = await end();
      if ((await quiet()) || last === null) {
        last = top;
        return;
      }
      const rows = await db.kysely
        .selectFrom('journal')
        .select(['id', 'user_id'])
        .where('id', '>', last)
        .orderBy('id')
        .limit(10_000)
        .execute();
      if (rows.length === 0) return;
      last = rows[rows.length - 1]!.id;
      // System accounts (negative ids) have no sockets.
      const users = [...new Set(rows.map((r) => r.user_id).filter((id) => id > 0))];
      if (users.length > 0) opts.onUsers(users);
    } catch (err) {
      opts.onError(err);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
