import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../../../../server/db/connect';
import { whole } from '../../../../server/db/migrations/helpers';

// On PostgreSQL Kysely's migrator runs each migration in a transaction of its own, so `whole`
// leaves it to that; SQLite's migrations run outside one, and this is what keeps them whole.
describe('a migration made whole, on SQLite', () => {
  let db: Db;
  afterEach(async () => db.close());

  // What a migration is given: the database before its schema, untyped.
  const untyped = () => db.kysely as unknown as Kysely<unknown>;
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
    await expect(failing(untyped(), 'sqlite')).rejects.toThrow('failed after creating a table');
    expect(await tables()).not.toContain('halfway');
  });

  it('keeps everything of one that succeeds', async () => {
    db = openSqlite(':memory:');
    await whole(async (k) => void (await k.schema.createTable('done').addColumn('id', 'integer').execute()))(
      untyped(),
      'sqlite',
    );
    expect(await tables()).toContain('done');
  });
});
