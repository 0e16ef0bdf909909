import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/**
 * Staking and the help centre (issue 8).
 *
 * - `defi_products`: what the operator offers. Quotas are integer 10^-8 units in bigint columns so a
 *   pledge can take its share with one conditional UPDATE (`remaining_quota >= amount`), which
 *   makes two simultaneous pledges unable to oversell; the CHECK backs that up.
 * - `defi_pledges`: one row per pledge, with the terms copied from the product at pledge time.
 * - `defi_income`: one row per pledge and day of its cycle. The unique key is what makes the daily
 *   release idempotent: a second run, a restart or a second process cannot pay a day twice.
 * - `defi_clock`: the accrual clock's offset, used only in the documented test mode
 *   (DEFI_TEST_CLOCK); always 0 otherwise.
 * - `help_articles`: the help centre per locale; `service_messages`: the in-app customer-service
 *   thread of each user.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await idColumn(db.schema.createTable('defi_products'), engine)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text', (c) => c.notNull())
    .addColumn('total_quota', 'bigint', (c) => c.notNull())
    .addColumn('remaining_quota', 'bigint', (c) => c.notNull())
    .addColumn('purchase_limit', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('defi_products_quota_nonneg', sql`remaining_quota >= 0`)
    .execute();

  await idColumn(db.schema.createTable('defi_pledges'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('defi_products.id'))
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('daily_rate', 'text', (c) => c.notNull())
    .addColumn('daily_income', 'text', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('days_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('income_paid', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('pledged_at', 'bigint', (c) => c.notNull())
    .addColumn('matures_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('defi_pledges_user_idx')
    .on('defi_pledges')
    .columns(['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('defi_pledges_status_idx').on('defi_pledges').column('status').execute();

  await idColumn(db.schema.createTable('defi_income'), engine)
    .addColumn('pledge_id', 'integer', (c) => c.notNull().references('defi_pledges.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('released_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('defi_income_pledge_day_unique', ['pledge_id', 'day'])
    .execute();
  await db.schema.createIndex('defi_income_user_idx').on('defi_income').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('defi_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('help_articles'), engine)
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_articles_locale_idx').on('help_articles').column('locale').execute();

  await idColumn(db.schema.createTable('service_messages'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('sender', 'varchar(16)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_messages_user_idx')
    .on('service_messages')
    .columns(['user_id', 'id'])
    .execute();
};
