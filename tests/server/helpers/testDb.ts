import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import { openPostgres, openSqlite, type Db, type Engine } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { seedIfEmpty } from '../../../server/db/seed/seed';

/**
 * The database engines a server test runs on: SQLite always (in memory), PostgreSQL too when
 * TEST_DATABASE_URL is set. Every PostgreSQL database opened here lives in a fresh schema
 * (`t_<random>`) made the connection's search_path, and is dropped again on close, so test files
 * (and tests) never see each other's rows.
 */

export interface TestDb {
  db: Db;
  engine: Engine;
  /** PostgreSQL schema the database lives in; undefined on SQLite. */
  schema: string | undefined;
  /** Closes the connections and, on PostgreSQL, drops the schema. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Run the migrations (default true). */
  migrate?: boolean;
  /** Seed the default config and content (default false); implies migrate. */
  seed?: boolean;
  /** Clock passed to the seed. */
  now?: number;
  /** Settings of every PostgreSQL connection (`lock_timeout`, say); none on SQLite. */
  pgSettings?: Record<string, string>;
}

export type OpenTestDb = (opts?: OpenOptions) => Promise<TestDb>;

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A connection string that puts every pooled connection in `schema`, with `settings`. */
const withSearchPath = (url: string, schema: string, settings: Record<string, string> = {}): string => {
  const options = Object.entries({ search_path: schema, ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(options)}`;
};

const adminQuery = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/** A fresh, empty PostgreSQL schema and a connection string that works in it. */
export const createPgSchema = async (baseUrl: string, settings?: Record<string, string>) => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create schema ${schema}`);
  return {
    schema,
    url: withSearchPath(baseUrl, schema, settings),
    drop: () => adminQuery(baseUrl, `drop schema if exists ${schema} cascade`),
  };
};

const prepare = async (db: Db, opts: OpenOptions) => {
  if (opts.migrate !== false || opts.seed) await migrate(db);
  if (opts.seed) await seedIfEmpty(db.kysely, opts.now);
};

/** A migrated SQLite database in memory (seeded if asked). */
export const openSqliteTest: OpenTestDb = async (opts = {}) => {
  const db = openSqlite(':memory:');
  try {
    await prepare(db, opts);
  } catch (e) {
    await db.close();
    throw e;
  }
  return { db, engine: 'sqlite', schema: undefined, close: () => db.close() };
};

const openPostgresTest =
  (baseUrl: string): OpenTestDb =>
  async (opts = {}) => {
    const { schema, url, drop } = await createPgSchema(baseUrl, opts.pgSettings);
    const db = openPostgres(url);
    const close = async () => {
      try {
        await db.close();
      } finally {
        await drop();
      }
    };
    try {
      await prepare(db, opts);
    } catch (e) {
      await close();
      throw e;
    }
    return { db, engine: 'postgres', schema, close };
  };

/** `[engine name, open]` pairs, for `describe.each(forEachEngine())('%s', (name, open) => …)`. */
export const forEachEngine = (): Array<[Engine, OpenTestDb]> => [
  ['sqlite', openSqliteTest],
  ...(TEST_DATABASE_URL ? [['postgres', openPostgresTest(TEST_DATABASE_URL)] as [Engine, OpenTestDb]] : []),
];

/** A test database that another connection can open too (the spot thread's): a file on SQLite,
 * the schema's connection string on PostgreSQL. */
export interface SharedTestDb extends TestDb {
  database: { databaseUrl?: string; sqliteFile: string };
}

const openSharedSqlite = async (opts: OpenOptions = {}): Promise<SharedTestDb> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-shared-'));
  const sqliteFile = path.join(dir, 'exchange.db');
  const db = openSqlite(sqliteFile);
  const close = async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await prepare(db, opts);
  } catch (e) {
    await close();
    throw e;
  }
  return { db, engine: 'sqlite', schema: undefined, close, database: { sqliteFile } };
};

const openSharedPostgres =
  (baseUrl: string) =>
  async (opts: OpenOptions = {}): Promise<SharedTestDb> => {
    const t = await openPostgresTest(baseUrl)(opts);
    return { ...t, database: { databaseUrl: withSearchPath(baseUrl, t.schema!), sqliteFile: '' } };
  };

/** `[engine name, open]` pairs of databases a second connection can share. */
export const forEachSharedEngine = (): Array<[Engine, (opts?: OpenOptions) => Promise<SharedTestDb>]> => [
  ['sqlite', openSharedSqlite],
  ...(TEST_DATABASE_URL
    ? [
        ['postgres', openSharedPostgres(TEST_DATABASE_URL)] as [
          Engine,
          (o?: OpenOptions) => Promise<SharedTestDb>,
        ],
      ]
    : []),
];

/** A fresh database for every test of the enclosing describe; call the getter inside a test. */
export const useTestDb = (open: OpenTestDb, opts: OpenOptions = {}): (() => TestDb) => {
  let current: TestDb | undefined;
  beforeEach(async () => {
    current = await open(opts);
  });
  afterEach(async () => {
    const t = current;
    current = undefined;
    await t?.close();
  });
  return () => {
    if (!current) throw new Error('useTestDb: no database outside a test');
    return current;
  };
};
