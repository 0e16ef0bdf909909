import fs from 'node:fs';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { waitingForLock } from './lockWait';
import { currentLog } from './walFile.mjs';

/**
 * What a write-ahead log that could not be flushed does to the server: it stops at once, killed
 * by its own hand before anything else is answered, as PostgreSQL stops (PANIC) when an fsync
 * fails. After a failed fsync Linux may drop the unwritten pages and report the next fsync as a
 * success, so no later commit could be vouched for; and the commits it held cannot be answered as
 * failed either, as the books and every reader already see them. A restart recovers the log as far
 * as it reached the disk and rebuilds the books from the database, as after any crash; a client
 * that sent a client order id retries safely. SIGKILL ends every thread: the spot thread's flush
 * fails on the same log as the main thread's.
 */
export const haltOnFlushFailure = (err: unknown): void => {
  fs.writeSync(
    2,
    `FATAL: the database's write-ahead log could not be flushed to disk, stopping: ${String(err)}\n`,
  );
  process.kill(process.pid, 'SIGKILL');
};

/**
 * How many flushes may run at once. A caller that comes while one runs starts another rather than
 * waiting for the rest of the running one and then a whole one of its own, and the disk overlaps
 * the two. Under load on SQLite over HTTP (the main thread flushing for the spot thread's
 * batches), two at once took a tenth to a fifth off the median answer at 4 000 to 8 000 orders/s
 * (four interleaved pairs); four at once did no better than two.
 */
const FLUSHES_AT_ONCE = 2;

/**
 * Flushes a SQLite database's write-ahead log to disk off the event loop (libuv's thread pool).
 * A caller always waits for a flush that began after its call, so whatever it committed before
 * calling is on disk when its promise resolves. Up to FLUSHES_AT_ONCE run together; callers that
 * arrive while that many run share the next one, which starts as soon as one of them ends. A flush
 * that fails goes to `onFailure` before any caller hears of it.
 */
export const walFlusher = (file: string, onFailure: (err: unknown) => void = haltOnFlushFailure) => {
  const walFile = `${file}-wal`;
  let fd: number | undefined;
  /** Descriptors of a log that was replaced, closed once no flush may still be using them. */
  const stale: number[] = [];
  let running = 0;
  let next: { flushed: Promise<void>; start: () => void } | undefined;

  const open = () => {
    const current = currentLog(walFile, fd);
    if (fd !== undefined && current !== fd) stale.push(fd);
    return (fd = current);
  };

  const once = () =>
    new Promise<void>((resolve, reject) => {
      const failed = (err: unknown) => {
        onFailure(err);
        reject(err);
      };
      let log: number;
      try {
        log = open();
      } catch (err) {
        return failed(err);
      }
      fs.fdatasync(log, (err) => (err ? failed(err) : resolve()));
    });

  const start = (): Promise<void> => {
    running++;
    return once().finally(() => {
      running--;
      if (running === 0) for (const old of stale.splice(0)) fs.closeSync(old);
      const waiting = next;
      next = undefined;
      waiting?.start();
    });
  };

  const flush = (): Promise<void> => {
    if (running < FLUSHES_AT_ONCE) return start();
    if (!next) {
      let begin = () => undefined as void;
      const flushed = new Promise<void>((resolve, reject) => {
        begin = () => void start().then(resolve, reject);
      });
      next = { flushed, start: begin };
    }
    return next.flushed;
  };

  return {
    flush,
    close: () => {
      for (const old of stale.splice(0)) fs.closeSync(old);
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
};

/** Kysely's SQLite driver that, as it hands the connection back, waits for `settle` (the flush of
 * what the connection's last use committed). `settle` is asked before the connection is free (the
 * next user must not open a transaction in between); the wait comes after, so the next
 * transaction and every read go ahead while the disk works. It also waits for the write lock off
 * the thread (lockWait.ts). */
class SettlingSqliteDriver extends SqliteDriver {
  private patient: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly settle: () => Promise<void> | undefined,
    private readonly inTransaction: () => boolean,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await super.acquireConnection();
    return (this.patient ??= waitingForLock(conn, this.inTransaction));
  }

  override async releaseConnection(): Promise<void> {
    const settled = this.settle();
    await super.releaseConnection();
    await settled;
  }
}

export class SettlingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly settle: () => Promise<void> | undefined,
    private readonly inTransaction: () => boolean,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new SettlingSqliteDriver(this.settings, this.settle, this.inTransaction);
  }
}
