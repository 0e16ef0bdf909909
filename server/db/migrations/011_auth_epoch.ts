import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * A counter that every change to a user or a session moves, kept by triggers whoever writes (the
 * server, the operator CLI): the server keeps the sessions it has looked up in memory and trusts
 * them only while the counter stands where it stood when it read them
 * (`server/db/repos/sessionCache.ts`). A revocation, a lock, a verification approved on the command
 * line takes effect on the very next request, as it did when every request read the session.
 * New rows move nothing: no cached session can depend on a user or a session that did not exist.
 */
const TABLES = ['users', 'sessions'] as const;

export const up: MigrationFn = whole(async (db, engine) => {
  await db.schema
    .createTable('auth_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into auth_epoch (id, n) values (1, 0)`.execute(db);
  if (engine === 'sqlite') {
    for (const table of TABLES)
      for (const event of ['update', 'delete'] as const)
        await sql`create trigger ${sql.id(`${table}_${event}_auth_epoch`)} after ${sql.raw(event)}
            on ${sql.table(table)} begin
            update auth_epoch set n = n + 1 where id = 1;
          end`.execute(db);
    return;
  }
  await sql`create function bump_auth_epoch() returns trigger language plpgsql as $$ begin
      update auth_epoch set n = n + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of TABLES)
    await sql`create trigger ${sql.id(`${table}_auth_epoch`)} after update or delete on ${sql.table(table)}
        for each statement execute function bump_auth_epoch()`.execute(db);
});
