import { sql, type Kysely } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * The journal's and the spot orders' index by owner becomes a table the server brings up to date
 * in bulk (`server/db/userIndex.ts`). An ordinary `(user_id, id)` index puts every new row on its
 * owner's page of the index, so each commit rewrote one page per user it touched (copied to the
 * log, then to the database): with the spot books' batches that was about half of all the bytes
 * they wrote and a third of their time. Now a new row's id goes on the end of a short list of
 * rows not yet indexed, and a batch of them enters `<table>_by_user` at once, sorted, so a
 * user's page is written once a round rather than once a commit. Readers take a user's rows from
 * both (`ownedPage`), so nothing is ever missing from a listing.
 *
 * Triggers keep the two in step whoever writes the table (the spot thread, the server, the
 * operator CLI): every row is in exactly one of them. An owner never changes, so only inserts and
 * deletes are followed.
 */
const TABLES = [
  ['journal', 'journal_user_idx'],
  ['spot_orders', 'spot_orders_user_idx'],
] as const;

export const up: MigrationFn = whole(async (db, engine) => {
  for (const [table, index] of TABLES) {
    const byUser = `${table}_by_user`;
    const unindexed = `${table}_unindexed`;
    await db.schema
      .createTable(byUser)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${byUser}_pk`, ['user_id', 'id'])
      // The key is all there is: on SQLite a table of its own rows would be a second B-tree.
      .$call((t) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    await db.schema
      .createTable(unindexed)
      .addColumn('id', engine === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
      .execute();
    await sql`insert into ${sql.table(byUser)} (user_id, id)
      select user_id, id from ${sql.table(table)} order by user_id, id`.execute(db);
    await db.schema.dropIndex(index).execute();
    if (engine === 'sqlite') await sqliteTriggers(db, table, byUser, unindexed);
    else await postgresTriggers(db, table, byUser, unindexed);
  }
});

const sqliteTriggers = async (db: Kysely<unknown>, table: string, byUser: string, unindexed: string) => {
  // An upsert that updates a row fires no insert trigger: only new rows are listed.
  await sql`create trigger ${sql.id(`${table}_stage`)} after insert on ${sql.table(table)} begin
      insert into ${sql.table(unindexed)} (id) values (new.id);
    end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_unstage`)} after delete on ${sql.table(table)} begin
      delete from ${sql.table(unindexed)} where id = old.id;
      delete from ${sql.table(byUser)} where user_id = old.user_id and id = old.id;
    end`.execute(db);
};

/** Statement triggers with the statement's rows as a table: one insert however many rows. */
const postgresTriggers = async (db: Kysely<unknown>, table: string, byUser: string, unindexed: string) => {
  const stage = sql.id(`${table}_stage`);
  const unstage = sql.id(`${table}_unstage`);
  await sql`create function ${stage}() returns trigger language plpgsql as $$ begin
      insert into ${sql.table(unindexed)} (id) select id from added;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${stage} after insert on ${sql.table(table)}
      referencing new table as added for each statement execute function ${stage}()`.execute(db);
  // The list first: a catch-up moving the same row holds it, and waiting for it here means the
  // next statement sees the row where the catch-up put it.
  await sql`create function ${unstage}() returns trigger language plpgsql as $$ begin
      delete from ${sql.table(unindexed)} u using removed r where u.id = r.id;
      delete from ${sql.table(byUser)} b using removed r where b.user_id = r.user_id and b.id = r.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${unstage} after delete on ${sql.table(table)}
      referencing old table as removed for each statement execute function ${unstage}()`.execute(db);
};
