import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect';

/** Rows of `table` not yet indexed by owner: past the mark on SQLite (migration 018), listed on
 * PostgreSQL (migration 010). */
export const notIndexed = async (db: Db, table: 'journal' | 'spot_orders'): Promise<number> => {
  const { rows } =
    db.engine === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
          where id > (select upto from owner_index_marks where tbl = ${table})`.execute(db.kysely)
      : await sql<{ n: number }>`select count(*) as n from ${sql.table(`${table}_unindexed`)}`.execute(
          db.kysely,
        );
  return Number(rows[0]!.n);
};
