import type { Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await db.schema
    .createTable('site_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('pairs'), engine)
    .addColumn('tradecoin', 'varchar(16)', (c) => c.notNull())
    .addColumn('settlecoin', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('pairs_coins_unique', ['tradecoin', 'settlecoin'])
    .execute();

  await idColumn(db.schema.createTable('popups'), engine)
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('carousel'), engine)
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('contents'), engine)
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('notices'), engine)
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of ['popups', 'carousel', 'contents', 'notices']) {
    await db.schema.createIndex(`${table}_locale_idx`).on(table).column('locale').execute();
  }
};
