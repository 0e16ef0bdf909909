import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/**
 * The ledger (issue 5): one balance row per account and asset, and the journal of every change.
 * Amounts are integer counts of 10^-8 units kept as text, so neither engine's numeric types can
 * round them; the checks make a negative balance impossible even for a buggy writer.
 * System accounts (the house, the fee collector) have negative ids, hence no foreign key to users.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('available', 'text', (c) => c.notNull())
    .addColumn('frozen', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('balances_pk', ['user_id', 'asset'])
    .addCheckConstraint('balances_available_nonneg', sql`available not like '-%'`)
    .addCheckConstraint('balances_frozen_nonneg', sql`frozen not like '-%'`)
    .execute();

  await idColumn(db.schema.createTable('journal'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('available_change', 'text', (c) => c.notNull())
    .addColumn('frozen_change', 'text', (c) => c.notNull())
    .addColumn('available_after', 'text', (c) => c.notNull())
    .addColumn('frozen_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_user_idx').on('journal').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('journal_ref_idx').on('journal').column('ref').execute();
};
