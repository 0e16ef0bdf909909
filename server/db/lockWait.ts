import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/** How long a statement waits for SQLite's write lock in all before it fails (as busy_timeout did). */
export const LOCK_WAIT_MS = 5000;
const MAX_PAUSE_MS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const busy = (err: unknown) => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * A SQLite connection that waits for the write lock without holding its thread. SQLite's own busy
 * handler sleeps inside the call, and with two writers on the file (the spot thread beside the
 * main thread, or the operator CLI) that froze a whole event loop for 1, 2, 5, 10 ms at a time.
 * With `busy_timeout = 0` a statement that finds the lock taken fails at once; if it holds no
 * transaction (a BEGIN IMMEDIATE, or a write on its own) nothing has happened yet, so it is run
 * again after a short timer, until `LOCK_WAIT_MS`. Inside a transaction the lock is already held
 * and a busy failure is real.
 */
export const waitingForLock = (
  conn: DatabaseConnection,
  inTransaction: () => boolean,
  waitMs = LOCK_WAIT_MS,
): DatabaseConnection => ({
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = performance.now() + waitMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      try {
        return await conn.executeQuery<R>(query);
      } catch (err) {
        if (!busy(err) || inTransaction() || performance.now() >= deadline) throw err;
        await sleep(pause);
      }
    }
  },
  streamQuery: (query, chunkSize) => conn.streamQuery(query, chunkSize),
});
