import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../../../../server/db/connect';
import { whole } from '../../../../server/db/migrations/helpers';

// On PostgreSQL Kysely's migrator runs each migration in a transaction of its own, so `whole`
// leaves it to that; SQLite's migrations run outside one, and this is what keeps them whole.
describe('a migration made whole, on SQLite', () => {
  let db: Db;
  afterEach(async () => db.close());

  const tables = async () =>
    (
      await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely)
    ).rows.map((r) => r.name);

  it('leaves nothing of a migration that fails halfway', async () => {
    db = openSqlite(':memory:');
    const failing = whole(async (k) => {
      await k.schema.createTable('halfway').addColumn('id', 'integer').execute();
      throw new Error('failed after creating a table');
    });
    await expect(failing(db.kysely, 'sqlite')).rejects.toThrow('failed after creating a table');
    expect(await tables()).not.toContain('halfway');
  });

  it('keeps everything of one that succeeds', async () => {
    db = openSqlite(':memory:');
    await whole(async (k) => void (await k.schema.createTable('done').addColumn('id', 'integer').execute()))(
      db.kysely,
      'sqlite',
    );
    expect(await tables()).toContain('done');
  });
});
