import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { whole, type MigrationFn } from './helpers';

const TABLES = ['journal', 'spot_orders'] as const;

/**
 * On SQLite the index by owner comes back into the ledger's file, as migrations 010 and 018 made
 * it, and the spot thread catches it up again on its own connection. Migration 021 had moved it
 * into a file of its own, caught up by a thread of its own, so that its rounds no longer held the
 * books' write lock; measured against the code before it on two machines (the thirty-fifth and
 * thirty-sixth sessions, docs/spot-performance.md), the move gained nothing beyond the noise and
 * cost a few microseconds of CPU an order, a second file and a recovery step after power cuts.
 *
 * Every row is indexed here and the marks set past them, as migration 018 left them, and the file
 * 021 made (`exchange.owners.db` beside `exchange.db`), which nothing opens any more, is deleted.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  if (engine !== 'sqlite') return;
  await db.schema
    .createTable('owner_index_marks')
    .addColumn('tbl', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('upto', 'integer', (c) => c.notNull())
    .execute();
  for (const table of TABLES) {
    const byUser = `${table}_by_user`;
    await db.schema
      .createTable(byUser)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${byUser}_pk`, ['user_id', 'id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    // Only users' rows (ids from 1): the exchange's own accounts are never listed by owner.
    await sql`insert into ${sql.table(byUser)} (user_id, id)
      select user_id, id from ${sql.table(table)} where user_id >= 1 order by user_id, id`.execute(db);
    await sql`insert into owner_index_marks (tbl, upto)
      values (${table}, (select coalesce(max(id), 0) from ${sql.table(table)}))`.execute(db);
    await sql`create trigger ${sql.id(`${table}_unindex`)} after delete on ${sql.table(table)} begin
        delete from ${sql.table(byUser)} where user_id = old.user_id and id = old.id;
      end`.execute(db);
  }
  await deleteOwnersFile(db);
});

/** The file migration 021 named after the ledger's, with its log; none beside an in-memory ledger. */
const deleteOwnersFile = async (db: Kysely<unknown>) => {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const ledger = rows.find((r) => r.name === 'main')?.file;
  if (!ledger) return;
  const ext = path.extname(ledger);
  const owners = `${ledger.slice(0, ledger.length - ext.length)}.owners${ext}`;
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(owners + suffix, { force: true });
};
