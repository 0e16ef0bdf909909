import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { outsideSpot } from '../db/migrations/020_journal_outside';
import { repeat } from './repeat';

/** The users, once each, with entries after `after` up to `upto` that the spot books did not
 * write: read through the index of those entries alone (migration 020). System accounts (negative
 * ids) have no sockets. */
export const ownersOutsideSpot = ({ kysely, engine }: Db, after: number, upto: number) =>
  kysely
    .selectFrom('journal')
    .select('user_id')
    .distinct()
    .where('id', '>', after)
    .where('id', '<=', upto)
    .where('user_id', '>', 0)
    .where(outsideSpot(engine))
    .orderBy('user_id');

/**
 * Balance changes committed by another process (the operator CLI confirming a deposit or
 * approving a withdrawal) reach their owners' sockets: every `intervalMs` the journal is read past
 * the last entry seen, and each user with new entries is named once. Changes made in this process
 * are announced at once by the ledger; naming them again only re-sends the same balances.
 *
 * On SQLite the tail reads no entry when no other connection has committed: `pragma data_version`
 * moves only for another connection's commits, so while it stays every new entry is this
 * process's own and the tail just moves past them. The spot thread has a connection of its own,
 * so under trading the version always moves; spot entries are announced by the books as they
 * commit, and only the spot engine makes them, so the tail reads the other entries alone, through
 * the index that holds only those (migration 020), and gets back one row per owner.
 */
export const tailJournal = (
  db: Db,
  opts: { intervalMs: number; onUsers: (userIds: number[]) => void; onError: (err: unknown) => void },
): (() => void) => {
  let last: number | null = null;
  let version: number | undefined;

  const end = async () => {
    const top = await db.kysely
      .selectFrom('journal')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(top?.id ?? 0);
  };

  /** Moves only for another connection's commits; never known on PostgreSQL. */
  const dataVersion = async () => {
    if (db.engine !== 'sqlite') return undefined;
    const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db.kysely);
    return rows[0]!.data_version;
  };

  const round = async () => {
    // The end is read before the version: a commit from elsewhere between the two moves the
    // version, and the round reads the entries.
    const top = await end();
    const now = await dataVersion();
    // Both marks move only once a round has read what it must: a failed read is read again.
    const done = () => {
      last = top;
      version = now;
    };
    if (last === null || (now !== undefined && now === version)) return done();
    const rows = await ownersOutsideSpot(db, last, top).execute();
    done();
    if (rows.length > 0) opts.onUsers(rows.map((r) => r.user_id));
  };
  return repeat(round, { everyMs: opts.intervalMs, onError: opts.onError });
};
