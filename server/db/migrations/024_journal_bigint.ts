import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * On PostgreSQL the journal's ids were a `serial`, 32 bits: a spot order writes about six journal
 * rows, so an exchange carrying a thousand orders a second would run out of ids in about four days,
 * and every order after that would fail. They become 64-bit, as the spot tables' ids and the index
 * by owner's copies of them already are (SQLite's row ids always were). The column's type change
 * rewrites the table once, at the start that applies this.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  if (engine !== 'postgres') return;
  await sql`alter table journal alter column id type bigint`.execute(db);
  await sql`alter sequence journal_id_seq as bigint`.execute(db);
});
