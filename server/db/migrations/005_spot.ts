import type { Kysely } from 'kysely';
import type { MigrationFn } from './helpers';

/**
 * Spot trading (issue 5). Orders and trades take ids from the matching engine, the single writer
 * that orders them (an id is also an order's time priority), hence no auto-numbering. Prices,
 * sizes and amounts are canonical decimal text; amounts (quote, fee, frozen, budget) at the
 * ledger's 8 places. Each pair gets its spot switch and minimum order amount (in the quote coin).
 */
export const up: MigrationFn = async (db: Kysely<unknown>) => {
  await db.schema
    .createTable('spot_orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('price', 'varchar(40)')
    .addColumn('qty', 'varchar(40)')
    .addColumn('budget', 'varchar(40)')
    .addColumn('filled_qty', 'varchar(40)', (c) => c.notNull())
    .addColumn('filled_quote', 'varchar(40)', (c) => c.notNull())
    .addColumn('fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('frozen', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('client_oid', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('spot_orders_client_oid_unique', ['user_id', 'client_oid'])
    .execute();
  await db.schema.createIndex('spot_orders_user_idx').on('spot_orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('spot_orders_open_idx')
    .on('spot_orders')
    .columns(['pair', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('spot_trades')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'varchar(40)', (c) => c.notNull())
    .addColumn('qty', 'varchar(40)', (c) => c.notNull())
    .addColumn('quote', 'varchar(40)', (c) => c.notNull())
    .addColumn('taker_side', 'varchar(4)', (c) => c.notNull())
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('maker_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_user_id', 'integer', (c) => c.notNull())
    .addColumn('maker_fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('taker_fee', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_trades_pair_idx').on('spot_trades').columns(['pair', 'id']).execute();
  await db.schema.createIndex('spot_trades_maker_idx').on('spot_trades').column('maker_order_id').execute();
  await db.schema.createIndex('spot_trades_taker_idx').on('spot_trades').column('taker_order_id').execute();

  await db.schema
    .alterTable('pairs')
    .addColumn('spot_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('pairs')
    .addColumn('spot_min_amount', 'varchar(40)', (c) => c.notNull().defaultTo('5'))
    .execute();
};
