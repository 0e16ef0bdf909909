import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

// int8 arrives from pg as a string by default; ours are millisecond times and counts, safe as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export const openSqlite = (file: string): Db => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed money movement survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, engine: 'sqlite', close: () => kysely.destroy() };
};

export const openPostgres = (url: string): Db => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, engine: 'postgres', close: () => kysely.destroy() };
};

export const openDb = (opts: { databaseUrl?: string | undefined; sqliteFile: string }): Db =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openSqlite(opts.sqliteFile);
