import { sql } from 'kysely';
import { whole, type MigrationFn } from './helpers';

/**
 * Pledges and deposit declarations take a request key, as withdrawals and contracts do: a retry
 * after a lost answer then answers the first pledge or declaration instead of freezing the
 * principal, taking quota and a purchase a second time, or declaring the same deposit twice. The
 * key is optional on these two calls (older clients send none), so rows made before, and rows
 * without one, hold null, which the unique index leaves out.
 */
export const up: MigrationFn = whole(async (db) => {
  for (const table of ['defi_pledges', 'deposits'] as const) {
    await db.schema.alterTable(table).addColumn('request_key', 'varchar(64)').execute();
    await sql`create unique index ${sql.id(`${table}_request_key`)} on ${sql.table(table)}
      (user_id, request_key) where request_key is not null`.execute(db);
  }
});
