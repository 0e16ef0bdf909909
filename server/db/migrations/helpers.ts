import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../connect';

export type MigrationFn = (db: Kysely<unknown>, engine: Engine) => Promise<void>;

/** An auto-numbered primary key: the one column type the two engines spell differently. */
export const idColumn = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
