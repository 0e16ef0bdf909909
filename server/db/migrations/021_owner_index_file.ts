import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

const TABLES = ['journal', 'spot_orders'] as const;

/**
 * Undone by migration 022, which tells why; what follows is what this one did, and why then.
 *
 * On SQLite the index by owner moves to a file of its own (`server/db/ownerIndexFile.ts`), caught
 * up by a thread of its own that takes only that file's lock. Its copy in the ledger's file goes,
 * with the mark and the triggers that took a deleted row out of it: a trigger cannot reach another
 * file. No row of a user's is ever deleted (the books drop only the house's quotes that never
 * traded, and the house is not indexed), so the index loses nothing it needs them for. The new file
 * starts empty with its marks at 0, and the catch-up indexes the whole ledger again, a slice a
 * round, back to back; listings meanwhile read the rows past the mark from the tables themselves.
 * Named in `main`: the index's own file may be attached under the same names (an in-memory ledger
 * keeps it attached on its one connection).
 */
export const up: MigrationFn = whole(async (db, engine) => {
  if (engine !== 'sqlite') return;
  for (const table of TABLES) {
    await sql`drop trigger main.${sql.id(`${table}_unindex`)}`.execute(db);
    await sql`drop table main.${sql.id(`${table}_by_user`)}`.execute(db);
  }
  await sql`drop table main.owner_index_marks`.execute(db);
});
