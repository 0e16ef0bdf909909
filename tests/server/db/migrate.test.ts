import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { againWhileGone, MIGRATION_NAMES, migrate } from '../../../server/db/migrate';
import { forEachEngine, useTestDb, type TestDb } from '../helpers/testDb';

const APP_TABLES = ['carousel', 'contents', 'notices', 'pairs', 'popups', 'site_config'];

/** Tables of the test database (on PostgreSQL only those of its own schema). */
const tablesOf = async ({ db, schema }: TestDb) => {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  return tables.filter((t) => schema === undefined || t.schema === schema);
};

describe.each(forEachEngine())('migrations on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('start from an empty database', async () => {
    expect(await tablesOf(t())).toEqual([]);
  });

  it('list the migrations in the order they were written', () => {
    expect(MIGRATION_NAMES.slice(0, 2)).toEqual(['001_content', '002_market']);
    expect([...MIGRATION_NAMES].sort()).toEqual(MIGRATION_NAMES);
  });

  it('apply every migration once, and nothing on a second run', async () => {
    expect(await migrate(t().db)).toEqual(MIGRATION_NAMES);
    expect(await migrate(t().db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(t().db.kysely);
    expect(applied.rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
  });

  it('create the application tables with their columns', async () => {
    await migrate(t().db);
    const tables = await tablesOf(t());
    const names = tables.map((x) => x.name);
    for (const name of APP_TABLES) expect(names).toContain(name);
    expect(names).toContain('kysely_migration');
    const columns = (name: string) =>
      tables
        .find((x) => x.name === name)
        ?.columns.map((c) => c.name)
        .sort();
    expect(columns('site_config')).toEqual(['key', 'value']);
    expect(columns('pairs')).toEqual([
      'enabled',
      'id',
      'settlecoin',
      'sort',
      'spot_enabled',
      'spot_min_amount',
      'tradecoin',
    ]);
    expect(columns('notices')).toEqual(['created_at', 'id', 'locale', 'message', 'slug', 'title']);
    expect(columns('contents')).toEqual(['body', 'id', 'locale', 'sort', 'title', 'type']);
  });

  it('give rows auto-numbered ids and enforce the unique pair', async () => {
    const k = t().db.kysely;
    await migrate(t().db);
    await k
      .insertInto('pairs')
      .values({ tradecoin: 'BTC', settlecoin: 'USDT', sort: 0, enabled: 1 })
      .execute();
    await k
      .insertInto('pairs')
      .values({ tradecoin: 'ETH', settlecoin: 'USDT', sort: 1, enabled: 1 })
      .execute();
    const ids = (await k.selectFrom('pairs').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0] as number);
    await expect(
      k.insertInto('pairs').values({ tradecoin: 'BTC', settlecoin: 'USDT', sort: 2, enabled: 1 }).execute(),
    ).rejects.toThrow();
  });

  it('keep bigint times as JS numbers', async () => {
    const k = t().db.kysely;
    await migrate(t().db);
    const at = 1_700_000_000_123;
    await k
      .insertInto('notices')
      .values({ locale: 'us', title: 't', message: 'm', created_at: at })
      .execute();
    const row = await k.selectFrom('notices').select('created_at').executeTakeFirstOrThrow();
    expect(row.created_at).toBe(at);
  });

  it('migrate a second, independent database next to an already migrated one', async () => {
    await migrate(t().db);
    // On PostgreSQL this is another schema of the same database: the migrator must not mistake the
    // first schema's bookkeeping tables for its own.
    const other = await open({ migrate: false });
    try {
      expect(await migrate(other.db)).toEqual(MIGRATION_NAMES);
      expect((await tablesOf(other)).map((x) => x.name)).toEqual(expect.arrayContaining(APP_TABLES));
    } finally {
      await other.close();
    }
    expect(engine === 'sqlite' || t().schema !== other.schema).toBe(true);
  });
});

describe('a migration run that met a schema going away', () => {
  const failing = (codes: Array<string | undefined>) => {
    let calls = 0;
    const run = async () => {
      const code = codes[calls++];
      if (code === undefined) return calls;
      throw Object.assign(new Error(`failed with ${code}`), { code });
    };
    return { run, calls: () => calls };
  };

  it('runs again while another schema or table went away meanwhile, then answers', async () => {
    const r = failing(['3F000', '42P01', 'XX000']);
    expect(await againWhileGone(r.run, 8, 1)).toBe(4);
  });

  it('gives up after its tries, and at once on any other failure', async () => {
    const gone = failing(['3F000', '3F000', '3F000']);
    await expect(againWhileGone(gone.run, 3, 1)).rejects.toMatchObject({ code: '3F000' });
    expect(gone.calls()).toBe(3);
    const other = failing(['23505']);
    await expect(againWhileGone(other.run, 8, 1)).rejects.toMatchObject({ code: '23505' });
    expect(other.calls()).toBe(1);
  });
});
