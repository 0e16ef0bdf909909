import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect';
import * as m001 from './migrations/001_content';
import type { MigrationFn } from './migrations/helpers';

/** Versioned migrations, in order. A new one is appended here with the next number; applied ones
 * are never edited. */
const MIGRATIONS: Record<string, { up: MigrationFn }> = {
  '001_content': m001,
};

const provider = (engine: Db['engine']): MigrationProvider => ({
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]): [string, Migration] => [
        name,
        { up: (db) => m.up(db, engine) },
      ]),
    ),
});

export const migrate = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
