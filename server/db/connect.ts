import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { startCheckpoints } from './checkpoints';
import { preparedName, setPreparer } from './prepared';
import { LOCK_WAIT_MS } from './lockWait';
import { SettlingSqliteDialect, walFlusher } from './walFlush';
import { sqliteLower } from './caseFold';
import { OUTAGE_LOG_EVERY_MS } from './outageLog';
import { reportEvery } from './reportEvery';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Resolves once whatever this connection committed before the call is on disk. Only a SQLite
   * connection opened with `deferFlush` has anything to wait for: every other one waits for the
   * disk before its transactions resolve. */
  durable(): Promise<void>;
  /** Resolves once whatever any connection of this process committed before the call is on disk:
   * on SQLite a flush of the write-ahead log that begins after the call (one file, whichever
   * connection wrote it); PostgreSQL's commits are on disk when they resolve. The spot thread's
   * news and answers wait for it on the main thread (spot/thread/remote.ts). */
  flushLog(): Promise<void>;
  /** How many times this connection has ended a transaction or a lone statement that wrote: a
   * flush of the log (`flushLog`) asked for once this count is known covers every one of them.
   * Counted on a SQLite file. In memory and on PostgreSQL no flush is waited for, and each call
   * answers more than the last: a caller asks for a flush every time, as if every write counted. */
  writes(): number;
  close(): Promise<void>;
}

const onDisk = () => Promise.resolve();

/** `Db.writes` where no count is kept: more at every call. */
const uncounted = () => {
  let n = 0;
  return () => ++n;
};

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

/**
 * A statement as Kysely's driver runs it, its values handed to better-sqlite3 as arguments: the
 * binder reads an argument directly but an array's elements one by one through V8's generic
 * property lookup, and a multi-row insert binds hundreds of values (a journal row bound 0.90 µs
 * against 1.12 from an array, docs/spot-performance.md, twenty-sixth session). Kysely's values are
 * plain values, never the one object that better-sqlite3 would take for named parameters.
 */
const spreading = (stmt: SQLite.Statement) => ({
  reader: stmt.reader,
  readonly: stmt.readonly,
  all: (values: readonly unknown[]) => stmt.all(...values),
  run: (values: readonly unknown[]) => stmt.run(...values),
  iterate: (values: readonly unknown[]) => stmt.iterate(...values),
});

/** The connection as Kysely sees it, with prepared statements kept by SQL text (least recently
 * used dropped first), and a Kysely over it that can have statements prepared ahead of their first
 * run (`prepareSlices`). Kysely runs one query at a time on it, so a statement is never in use
 * twice. `onWrite` hears of every statement about to change the database. */
const cachedKysely = (
  sqlite: SQLite.Database,
  onWrite: () => void,
  dialect: (database: SqliteDatabase) => SqliteDialect,
): Kysely<Database> => {
  const cache = new Map<string, ReturnType<typeof spreading>>();
  const kept = (text: string) => {
    let stmt = cache.get(text);
    if (stmt) cache.delete(text);
    else {
      stmt = spreading(sqlite.prepare(sqlOf(text)));
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    }
    cache.set(text, stmt);
    return stmt;
  };
  const kysely = new Kysely<Database>({
    dialect: dialect({
      close: () => sqlite.close(),
      prepare: (text: string) => {
        const stmt = kept(text);
        // BEGIN IMMEDIATE counts as a write (it takes the write lock) but changes nothing itself.
        if (!stmt.readonly && text !== 'begin') onWrite();
        return stmt;
      },
    }),
  });
  setPreparer(kysely, (text) => void kept(text));
  return kysely;
};

interface SqliteOptions {
  /** Checkpoints on a thread of their own rather than inside commits (the server: see
   * checkpointWorker.mjs); failures are reported here. */
  backgroundCheckpoints?: (message: string) => void;
  /** Another connection of this server runs them (the spot thread's, beside the main thread's). */
  checkpointsElsewhere?: boolean;
  /** Transactions resolve once committed, before the log is flushed; whoever answers for them
   * waits for `durable()` or `flushLog()` first (the spot thread's news and answers cross to the
   * main thread, which flushes before it lets them out). */
  deferFlush?: boolean;
  /** A flush of the write-ahead log that failed: the server stops (`haltOnFlushFailure`, the
   * default); a test hears of it instead. */
  onFlushFailure?: (err: unknown) => void;
}

export const openSqlite = (file: string, opts: SqliteOptions = {}): Db => {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('foreign_keys = ON');
  // SQLite's own lower() folds ASCII only, PostgreSQL's every letter: the operators' search for
  // "ülrich" found Ülrich on one engine and not the other. This one folds as PostgreSQL does
  // (caseFold.ts). No index or constraint is built on lower(), so none depends on the built-in.
  sqlite.function('lower', { deterministic: true }, sqliteLower);
  if (file === ':memory:') {
    const kysely = cachedKysely(
      sqlite,
      () => undefined,
      (database) => new SqliteDialect({ database }),
    );
    return {
      kysely,
      engine: 'sqlite',
      durable: onDisk,
      flushLog: onDisk,
      writes: uncounted(),
      close: () => kysely.destroy(),
    };
  }
  // Setting up may wait for another connection on the file in SQLite's own way, once.
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  // A committed money movement must survive a power cut, not only a process crash. SQLite's own
  // way (synchronous = FULL) flushes the log inside COMMIT, holding the event loop for the disk's
  // whole flush (about a millisecond here) on every commit. NORMAL commits to the log without the
  // flush; the driver then flushes it off the event loop before the transaction (or the lone
  // write) resolves, so nothing is answered before it is on disk, as with FULL. The log is
  // appended in order and recovered up to its first torn frame, so a cut loses only commits
  // nobody was answered for; checkpoints flush for themselves under NORMAL.
  sqlite.pragma('synchronous = NORMAL');
  const wal = walFlusher(file, opts.onFlushFailure);
  const checkpoints = opts.backgroundCheckpoints && startCheckpoints(file, opts.backgroundCheckpoints);
  if (checkpoints || opts.checkpointsElsewhere) sqlite.pragma('wal_autocheckpoint = 10000');
  let wrote = false;
  let writes = 0;
  const settle = () => {
    if (!wrote || sqlite.inTransaction) return undefined;
    wrote = false;
    writes++;
    return opts.deferFlush ? undefined : wal.flush();
  };
  // From here on the write lock is waited for off the thread (lockWait.ts).
  sqlite.pragma('busy_timeout = 0');
  const kysely = cachedKysely(
    sqlite,
    () => (wrote = true),
    (database) => new SettlingSqliteDialect({ database }, settle, () => sqlite.inTransaction),
  );
  return {
    kysely,
    engine: 'sqlite',
    // A flush that begins after the call covers every commit before it (walFlusher).
    durable: opts.deferFlush ? wal.flush : onDisk,
    flushLog: wal.flush,
    writes: () => writes,
    close: async () => {
      await checkpoints?.stop();
      await kysely.destroy();
      wal.close();
    },
  };
};

/**
 * Has a connection send the statements `runPrepared` compiled as named ones. PostgreSQL parses and
 * plans every unnamed statement it is sent, as Kysely's driver sends them all; a named one is
 * parsed once per connection and its plan kept. The batch's read of its accounts (an `or` of 70
 * keys) took 1.3–1.8 ms named against 2.4–3.1 ms unnamed (docs/spot-performance.md, twenty-fourth
 * session). Only those shapes: they are few, and each connection keeps what it prepared.
 */
const preparing = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? preparedName(text) : undefined;
    return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  }) as typeof client.query;
};

/**
 * A pooled connection that failed while idle: PostgreSQL restarted, or an administrator or a
 * timeout ended its session. The pool has dropped it and opens another for the next query, so it
 * is reported, not fatal; unheard, the pool's error event would end the whole server. A restart
 * ends every idle connection at once: one warning every few seconds says so with a count.
 */
const idleConnectionLost = (everyMs: number) => {
  const due = reportEvery(everyMs);
  return (err: Error) => {
    const held = due();
    if (held === undefined) return;
    const more = held > 0 ? ` (and ${held} more since the last warning)` : '';
    process.emitWarning(`a PostgreSQL connection was lost while idle: ${err.message}${more}`);
  };
};

/**
 * A connection that failed while taken out of the pool. pg-pool listens for a client's errors only
 * while the client waits in the pool, and Kysely holds one for every query; unheard, the client's
 * error event ended the whole server when the database went away under a query. Nothing more is
 * needed here: the query running on it, or the next one sent, fails with the same error (answered
 * as the database being unreachable), and the pool drops the client when it is handed back.
 */
const inUseConnectionLost = () => undefined;

/** How long opening a connection, or waiting for a pooled one, may take before the query fails as
 * the database being unreachable (503, try again later). Without it a host that drops packets
 * leaves each request waiting for the operating system's TCP timeout, about two minutes. */
const PG_CONNECT_TIMEOUT_MS = 10_000;

export const openPostgres = (
  url: string,
  { connectTimeoutMs = PG_CONNECT_TIMEOUT_MS, idleWarningEveryMs = OUTAGE_LOG_EVERY_MS } = {},
): Db => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    // A peer that vanished without closing (a failover, a dropped NAT mapping) is found by the
    // kernel's probes instead of by the next query hanging on a dead socket.
    keepAlive: true,
  });
  pool.on('connect', (client) => {
    preparing(client);
    client.on('error', inUseConnectionLost);
  });
  pool.on('error', idleConnectionLost(idleWarningEveryMs));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    durable: onDisk,
    flushLog: onDisk,
    writes: uncounted(),
    close: () => kysely.destroy(),
  };
};

export const openDb = (
  opts: { databaseUrl?: string | undefined; sqliteFile: string },
  sqliteOptions?: SqliteOptions,
): Db => (opts.databaseUrl ? openPostgres(opts.databaseUrl) : openSqlite(opts.sqliteFile, sqliteOptions));
