import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/**
 * Timed up/down contracts (issue 6). `contract_pairs` and `contract_cycles` are the operator's
 * settings per pair; `contracts` holds each order with its receipt: the recorded ticks it opened
 * and settled on (id, time, price, source), copied so the receipt survives tick compaction.
 * Amounts are integer counts of 10^-8 units as text, like the ledger. The status column is the
 * guard against paying twice: settlement moves it to `completed` in the transaction that pays.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await db.schema
    .createTable('contract_pairs')
    .addColumn('pair', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contract_cycles')
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contract_cycles_pk', ['pair', 'minutes'])
    .execute();

  await idColumn(db.schema.createTable('contracts'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('cycle_minutes', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('result', 'varchar(8)')
    .addColumn('payout', 'text')
    .addColumn('open_at', 'bigint', (c) => c.notNull())
    .addColumn('close_at', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_id', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_ts', 'bigint', (c) => c.notNull())
    .addColumn('open_price', 'varchar(40)', (c) => c.notNull())
    .addColumn('open_source', 'varchar(16)', (c) => c.notNull())
    .addColumn('close_tick_id', 'bigint')
    .addColumn('close_tick_ts', 'bigint')
    .addColumn('close_price', 'varchar(40)')
    .addColumn('close_source', 'varchar(16)')
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('contracts_amount_nonneg', sql`amount not like '-%'`)
    .execute();
  await db.schema
    .createIndex('contracts_request_key_idx')
    .unique()
    .on('contracts')
    .columns(['user_id', 'request_key'])
    .execute();
  await db.schema.createIndex('contracts_due_idx').on('contracts').columns(['status', 'close_at']).execute();
  await db.schema
    .createIndex('contracts_user_idx')
    .on('contracts')
    .columns(['user_id', 'status', 'id'])
    .execute();
};
