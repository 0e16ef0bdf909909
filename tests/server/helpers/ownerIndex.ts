import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { journalRow, orderRow } from './rows';

type Owned = 'journal' | 'spot_orders';

/** Rows of `table` not yet indexed by owner: past the mark on SQLite (migration 018), listed on
 * PostgreSQL (migration 010). */
export const notIndexed = async (db: Db, table: Owned): Promise<number> => {
  const { rows } =
    db.engine === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
          where id > (select upto from owner_index_marks where tbl = ${table})`.execute(db.kysely)
      : await sql<{ n: number }>`select count(*) as n from ${sql.table(`${table}_unindexed`)}`.execute(
          db.kysely,
        );
  return Number(rows[0]!.n);
};

/** The index by owner of `table`, as `[user, id]` in key order. */
export const indexedByOwner = async (db: Kysely<Database>, table: Owned) =>
  (
    await db
      .selectFrom(`${table}_by_user`)
      .select(['user_id', 'id'])
      .orderBy('user_id')
      .orderBy('id')
      .execute()
  ).map((r) => [Number(r.user_id), Number(r.id)]);

/** What the index-by-owner migrations start from: journal rows 1 and 3 of user 7 and 2 of user 8,
 * user 7's order 1 and user 8's order 2. */
export const writeOwnedRows = async (db: Kysely<Database>) => {
  await db
    .insertInto('journal')
    .values([journalRow(7, 1), journalRow(8, 2), journalRow(7, 3)])
    .execute();
  await db
    .insertInto('spot_orders')
    .values([orderRow(1, { user_id: 7 }), orderRow(2, { user_id: 8 })])
    .execute();
};

/** On PostgreSQL, the vacuums of each list of rows not yet indexed so far and the rows the last one
 * counted (what the planner believes the list holds), by list name. */
export const listVacuums = async (db: Kysely<Database>) =>
  (
    await sql<{ list: string; vacuums: string; counted: number }>`select s.relname as list,
        s.vacuum_count as vacuums, c.reltuples as counted
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.relname like '%_unindexed' order by s.relname`.execute(db)
  ).rows.map((r) => ({ list: r.list, vacuums: Number(r.vacuums), counted: Number(r.counted) }));
