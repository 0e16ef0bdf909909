import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../connect';

export type MigrationFn = (db: Kysely<unknown>, engine: Engine) => Promise<void>;

/** An auto-numbered primary key: the one column type the two engines spell differently. */
export const idColumn = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/** A migration applied whole or not at all. Kysely runs PostgreSQL's migrations in a transaction
 * (its DDL is transactional) but SQLite's outside one, where a failure halfway would leave a table
 * rebuilt, moved or created that the next start then trips over. */
export const whole =
  (fn: MigrationFn): MigrationFn =>
  (db, engine) =>
    engine === 'postgres' ? fn(db, engine) : db.transaction().execute((trx) => fn(trx, engine));
