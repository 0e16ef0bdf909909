import type { Kysely } from 'kysely';
import type { MigrationFn } from './helpers';

/**
 * Market data. `ticks` is the reference feed as recorded (settlement and audit read it); prices and
 * quantities are canonical decimal text, so no engine's numeric type can round them. `candles` are
 * aggregated from the ticks for every interval, keyed by pair, period and open time.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await db.schema
    .createTable('ticks')
    .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('price', 'varchar(40)', (c) => c.notNull())
    .addColumn('qty', 'varchar(40)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticks_pair_ts_idx').on('ticks').columns(['pair', 'ts']).execute();
  await db.schema.createIndex('ticks_ts_idx').on('ticks').column('ts').execute();

  await db.schema
    .createTable('candles')
    .addColumn('pair', 'varchar(20)', (c) => c.notNull())
    .addColumn('period', 'varchar(4)', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('o', 'varchar(40)', (c) => c.notNull())
    .addColumn('h', 'varchar(40)', (c) => c.notNull())
    .addColumn('l', 'varchar(40)', (c) => c.notNull())
    .addColumn('c', 'varchar(40)', (c) => c.notNull())
    .addColumn('v', 'varchar(40)', (c) => c.notNull())
    .addColumn('qv', 'varchar(48)', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['pair', 'period', 't'])
    .execute();
};
