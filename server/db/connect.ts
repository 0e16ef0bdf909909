import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
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

/** How many prepared statements to keep. Kysely prepares every query it runs; reusing the compiled
 * statement for the same SQL text saves SQLite's parse and plan, which dominated the hot paths. */
const STATEMENT_CACHE = 1000;

/** Kysely opens a SQLite transaction with a plain, deferred BEGIN. With a second process on the file
 * (the operator CLI beside the server) a deferred transaction that reads and then writes fails at
 * once with SQLITE_BUSY_SNAPSHOT whenever the other one committed in between, and the busy timeout
 * does not help; BEGIN IMMEDIATE takes the write lock first, so the two simply take turns. */
const sqlOf = (text: string) => (text === 'begin' ? 'begin immediate' : text);

/** The connection as Kysely sees it, with prepared statements kept by SQL text (least recently
 * used dropped first). Kysely runs one query at a time on it, so a statement is never in use twice. */
const withStatementCache = (sqlite: SQLite.Database): SqliteDatabase => {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let stmt = cache.get(text);
      if (stmt) cache.delete(text);
      else {
        stmt = sqlite.prepare(sqlOf(text));
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      return stmt;
    },
  };
};

export const openSqlite = (file: string): Db => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed money movement survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, engine: 'sqlite', close: () => kysely.destroy() };
};

export const openPostgres = (url: string): Db => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, engine: 'postgres', close: () => kysely.destroy() };
};

export const openDb = (opts: { databaseUrl?: string | undefined; sqliteFile: string }): Db =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openSqlite(opts.sqliteFile);
