import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { outsideSpot } from '../db/migrations/020_journal_outside';
import type { LedgerType } from '../../protocol';
import { repeat } from './repeat';

/** A journal entry's owner and what caused it (`pledge:12`). */
export interface JournalRef {
  userId: number;
  ref: string;
}

/** The users, once each, with entries after `after` up to `upto` that the spot books did not
 * write: read through the index of those entries alone (migration 020). System accounts (negative
 * ids) have no sockets. An entry of one of `refTypes` is named once more with its `ref`, so that
 * what it tells of can be read again; the others come with a null `ref`. */
export const ownersOutsideSpot = (
  { kysely, engine }: Db,
  after: number,
  upto: number,
  refTypes: readonly LedgerType[] = [],
) =>
  kysely
    .selectFrom('journal')
    .select([
      'user_id',
      (refTypes.length === 0
        ? sql<string | null>`null`
        : sql<string | null>`case when type in (${sql.join(refTypes)}) then ref end`
      ).as('ref'),
    ])
    .distinct()
    .where('id', '>', after)
    .where('id', '<=', upto)
    .where('user_id', '>', 0)
    .where(outsideSpot(engine))
    .orderBy('user_id')
    .orderBy('ref');

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
 *
 * Entries of `refs.types` are also handed with their `ref` to `refs.onEntries`: a staking payout
 * the CLI released changes the pledge's record as well as the balance.
 */
export const tailJournal = (
  db: Db,
  opts: {
    intervalMs: number;
    onUsers: (userIds: number[]) => void;
    refs?: { types: readonly LedgerType[]; onEntries: (entries: JournalRef[]) => void };
    onError: (err: unknown) => void;
  },
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
    const rows = await ownersOutsideSpot(db, last, top, opts.refs?.types).execute();
    done();
    if (rows.length === 0) return;
    opts.onUsers([...new Set(rows.map((r) => r.user_id))]);
    const entries = rows.flatMap((r) => (r.ref === null ? [] : [{ userId: r.user_id, ref: r.ref }]));
    if (entries.length > 0) opts.refs?.onEntries(entries);
  };
  return repeat(round, { everyMs: opts.intervalMs, onError: opts.onError });
};
