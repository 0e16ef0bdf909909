import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, migrate } from '../../../server/db/migrate';
import { forEachEngine, TEST_DATABASE_URL, useTestDb, type TestDb } from '../helpers/testDb';

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
    expect(columns('notices')).toEqual(['created_at', 'id', 'locale', 'message', 'title']);
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

  it('migrate while other schemas of the database come and go (other tests, other apps)', async () => {
    if (engine !== 'postgres') return;
    // Kysely's migrator lists the tables of every schema before a run; schemas dropped meanwhile
    // must not fail this one's.
    let churning = true;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const churn = (async () => {
      for (let n = 0; churning; n++) {
        const name = `t_churn_${process.pid}_${n}`;
        await admin.query(`create schema ${name}; create table ${name}.x (a int, b text)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const fresh = await open({ migrate: false });
        try {
          expect(await migrate(fresh.db)).toEqual(MIGRATION_NAMES);
        } finally {
          await fresh.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  }, 120_000);
});
