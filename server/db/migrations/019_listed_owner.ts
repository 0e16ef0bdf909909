import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

const TABLES = ['journal', 'spot_orders'] as const;

/**
 * On PostgreSQL the list of rows not yet indexed by owner (migration 010) carries each row's owner,
 * so the catch-up (`server/db/userIndex.ts`) indexes a slice from the list alone. It used to join
 * the slice to the table for the owners, and PostgreSQL's planner, whose statistics of a table
 * growing by thousands of rows a second lag behind it, chose a hash join over a scan of the whole
 * table: every slice of 2 000 rows read the whole journal (231 000 rows, 108 ms, after a minute at
 * 3 000 orders/s), more each time, and took most of a core. The owner never changes, so the copy in
 * the list cannot go stale.
 *
 * What is listed gets its owner from the table; the trigger that lists new rows takes theirs from
 * the rows the statement inserted. SQLite keeps no list since migration 018.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  if (engine !== 'postgres') return;
  for (const table of TABLES) {
    const unindexed = sql.table(`${table}_unindexed`);
    await sql`alter table ${unindexed} add column user_id integer`.execute(db);
    await sql`update ${unindexed} u set user_id = r.user_id from ${sql.table(table)} r
      where r.id = u.id`.execute(db);
    // A listed id whose row is gone (the delete trigger takes it off the list, so none should be)
    // has nothing to index.
    await sql`delete from ${unindexed} where user_id is null`.execute(db);
    await sql`alter table ${unindexed} alter column user_id set not null`.execute(db);
    await sql`create or replace function ${sql.id(`${table}_stage`)}() returns trigger language plpgsql
      as $$ begin
        insert into ${unindexed} (id, user_id) select id, user_id from added;
        return null;
      end $$`.execute(db);
  }
});
