import { sql } from 'kysely';
import type { Db } from './connect';
import { isUnreachable } from './unreachable';

interface FirstConnectionOptions {
  /** How long to keep trying (DATABASE_WAIT_SECONDS): PostgreSQL started beside the server (a
   * machine booting, a container set) may take a few seconds to take connections. */
  forMs: number;
  /** Told of each failed attempt and the pause before the next. */
  onRetry: (err: unknown, attempt: number, nextInMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** The pause after the `attempt`th failure: short at first, for a database that is just starting,
 * then every few seconds. */
export const retryPauseMs = (attempt: number) => Math.min(5000, 500 * 2 ** (attempt - 1));

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the database answers `select 1`, trying again while it cannot be reached
 * (unreachable.ts) for up to `forMs`; rejects with the last failure after that, or at once with a
 * failure that waiting does not cure (a wrong password, a database that does not exist). Run
 * before the migrations, so the server's first touch of a database that is not there yet is a
 * wait and then one line naming DATABASE_URL, not a stack from inside `migrate`.
 */
export const firstConnection = async (db: Db, opts: FirstConnectionOptions): Promise<void> => {
  const { forMs, onRetry, sleep = pause, now = Date.now } = opts;
  const deadline = now() + forMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db.kysely);
      return;
    } catch (err) {
      const wait = Math.min(retryPauseMs(attempt), deadline - now());
      if (!isUnreachable(err) || wait <= 0) throw err;
      onRetry(err, attempt, wait);
      await sleep(wait);
    }
  }
};
