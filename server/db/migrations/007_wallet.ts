import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/** Whose row it is and the address on the chain, the same columns in the same places in deposits,
 * withdrawals and the address book. */
const ownerAndAddress = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('memo', 'varchar(32)', (c) => c.notNull());

/** Deposits and withdrawals are listed newest first for one user or for one status. */
const recordIndexes = async (db: Kysely<unknown>, table: 'deposits' | 'withdrawals') => {
  await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'id']).execute();
  await db.schema.createIndex(`${table}_status_idx`).on(table).columns(['status', 'id']).execute();
};

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
    .$call(ownerAndAddress)
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('credited_amount', 'text')
    .addColumn('tx_hash', 'varchar(128)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await recordIndexes(db, 'deposits');

  await idColumn(db.schema.createTable('withdrawals'), engine)
    .$call(ownerAndAddress)
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
  await recordIndexes(db, 'withdrawals');

  await idColumn(db.schema.createTable('withdraw_addresses'), engine)
    .$call(ownerAndAddress)
    .addColumn('remark', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('withdraw_addresses_unique', ['user_id', 'coin', 'network', 'address', 'memo'])
    .execute();
};
