import type { Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/**
 * The wallet (issue 7): per coin and network the operator's deposit address, limits, fee and
 * switches; deposits and withdrawals with their status; the withdrawal address book. Amounts are
 * integer counts of 10^-8 units kept as text, like the ledger's.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await db.schema
    .createTable('wallet_networks')
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('deposit_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('memo', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_deposit', 'text', (c) => c.notNull())
    .addColumn('max_deposit', 'text', (c) => c.notNull())
    .addColumn('min_withdraw', 'text', (c) => c.notNull())
    .addColumn('max_withdraw', 'text', (c) => c.notNull())
    .addColumn('withdraw_fee', 'text', (c) => c.notNull())
    .addColumn('deposit_enabled', 'integer', (c) => c.notNull())
    .addColumn('withdraw_enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_networks_pk', ['coin', 'network'])
    .execute();

  await idColumn(db.schema.createTable('deposits'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('memo', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('credited_amount', 'text')
    .addColumn('tx_hash', 'varchar(128)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposits_user_idx').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status_idx').on('deposits').columns(['status', 'id']).execute();

  await idColumn(db.schema.createTable('withdrawals'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('memo', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)')
    .addColumn('tx_hash', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // A retried submit finds the first one instead of making a second withdrawal.
    .addUniqueConstraint('withdrawals_request_unique', ['user_id', 'request_key'])
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  await idColumn(db.schema.createTable('withdraw_addresses'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('memo', 'varchar(32)', (c) => c.notNull())
    .addColumn('remark', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('withdraw_addresses_unique', ['user_id', 'coin', 'network', 'address', 'memo'])
    .execute();
};
