import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

const TABLES = ['journal', 'spot_orders'] as const;

/**
 * On SQLite the rows not yet indexed by owner are those past a mark, no longer a list kept by
 * triggers (migration 010). The catch-up moved the list's rows a slice of ids at a time, and every
 * slice held rows of nearly every active user, so each user's page of the index was written once a
 * slice, several times a round. Past a mark the catch-up can take a user's rows together, so a
 * user's page is written about once a round; the spot books no longer insert each new row's id
 * into the list either. SQLite has one writer at a time, so ids (the journal's autoincrement, the
 * orders' own from the spot books) are committed in increasing order and nothing committed later
 * can fall behind the mark. On PostgreSQL a sequence gives ids out of commit order: the list stays.
 *
 * What was listed is indexed here, the mark set past every row, the list and its triggers dropped;
 * a deleted row still leaves the index with it.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  if (engine !== 'sqlite') return;
  await db.schema
    .createTable('owner_index_marks')
    .addColumn('tbl', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('upto', 'integer', (c) => c.notNull())
    .execute();
  for (const table of TABLES) {
    const byUser = sql.table(`${table}_by_user`);
    const unindexed = sql.table(`${table}_unindexed`);
    await sql`insert or ignore into ${byUser} (user_id, id)
      select r.user_id, r.id from ${unindexed} u cross join ${sql.table(table)} r
      where r.id = u.id order by r.user_id, r.id`.execute(db);
    await sql`insert into owner_index_marks (tbl, upto)
      values (${table}, (select coalesce(max(id), 0) from ${sql.table(table)}))`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_stage`)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_unstage`)}`.execute(db);
    await sql`drop table ${unindexed}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_unindex`)} after delete on ${sql.table(table)} begin
        delete from ${byUser} where user_id = old.user_id and id = old.id;
      end`.execute(db);
  }
});
