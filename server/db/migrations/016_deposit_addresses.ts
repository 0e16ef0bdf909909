import { sql } from 'kysely';
import { idColumn, whole, type MigrationFn } from './helpers';

/**
 * Each account's own deposit address on a network without memos. One address shared by every
 * account left a deposit to whoever declared its transaction first: anyone watching the address
 * on chain could declare a stranger's transfer as theirs. The operator loads addresses into a pool
 * per coin and network; an account takes the next free one the first time it asks, and keeps it.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await idColumn(db.schema.createTable('deposit_addresses'), engine)
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('assigned_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // An address is in one pool of its network: a coin's address handed to one account and another
  // coin's to a second would leave a transfer of either coin to it claimable by both.
  await sql`create unique index deposit_addresses_unique on deposit_addresses (network, address)`.execute(db);
  // One address per account and network, even when two first requests race.
  await sql`create unique index deposit_addresses_owner on deposit_addresses (user_id, coin, network)
    where user_id is not null`.execute(db);
  await sql`create index deposit_addresses_free on deposit_addresses (coin, network, id)
    where user_id is null`.execute(db);
});
