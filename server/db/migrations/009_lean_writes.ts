import { sql, type Kysely } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * Fewer index writes on the order path, where every placed order inserts an order row, some trades
 * and five to six journal rows, and SQLite's B-tree writing was half of the spot books' time
 * (`bench/spotService.ts`, 100 orders in flight: 157–165 µs of CPU an order before, 125–138 after):
 *
 * - the journal's index on `ref` goes: no query reads the journal by reference, and it was one
 *   more B-tree insert for every journal row;
 * - on SQLite, order and trade ids become the table's own row key (`integer primary key`): a
 *   `bigint primary key` is a second B-tree beside the table, written on every insert and read
 *   by every update of an order;
 * - the client order id's uniqueness covers only the orders that carry one (most do not), and the
 *   index of open orders (read at start-up to rebuild the books) holds only the open ones, so an
 *   order that fills at once never enters it.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await db.schema.dropIndex('journal_ref_idx').execute();
  if (engine === 'sqlite') {
    await rebuildSqlite(db, 'spot_trades', [ROWID_KEY]);
    await rebuildSqlite(db, 'spot_orders', [
      ROWID_KEY,
      [', constraint "spot_orders_client_oid_unique" unique ("user_id", "client_oid")', ''],
    ]);
  } else {
    await db.schema.alterTable('spot_orders').dropConstraint('spot_orders_client_oid_unique').execute();
  }
  await db.schema
    .createIndex('spot_orders_client_oid_unique')
    .on('spot_orders')
    .columns(['user_id', 'client_oid'])
    .unique()
    .where(sql.ref('client_oid'), 'is not', null)
    .execute();
  await db.schema.dropIndex('spot_orders_open_idx').execute();
  await db.schema
    .createIndex('spot_orders_open_idx')
    .on('spot_orders')
    .columns(['pair', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
});

const ROWID_KEY: Edit = ['"id" bigint primary key', '"id" integer primary key'];

/** A part of a table's definition and what it becomes. */
type Edit = [from: string, to: string];

/**
 * SQLite cannot change a table's key in place: the table is made again under a new name from its
 * own definition as edited, filled, and put in place of the old one with the old one's indexes
 * (SQLite's documented procedure for any other change of a table).
 */
const rebuildSqlite = async (db: Kysely<unknown>, table: string, edits: readonly Edit[]) => {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  let create = rows.find((r) => r.type === 'table')!.sql!;
  for (const [from, to] of edits) {
    if (!create.includes(from)) throw new Error(`migration 009: ${table} has no ${from}`);
    create = create.replace(from, to);
  }
  const indexes = rows.filter((r) => r.type === 'index' && r.sql !== null).map((r) => r.sql!);
  const next = `${table}_rebuilt`;
  await sql.raw(create.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${next}"`)).execute(db);
  await sql`insert into ${sql.table(next)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
};
