import type { Kysely } from 'kysely';
import type { SessionsRepo } from '../../domain/accounts/ports';
import { runPrepared } from '../prepared';
import type { Database } from '../schema';

type FindUserSession = SessionsRepo['findUserSession'];
type UserSession = NonNullable<Awaited<ReturnType<FindUserSession>>>;

/** Sessions kept at most; the oldest lookup goes first. Each is a few hundred bytes. */
const LIMIT = 10_000;

/** The auth epoch (migration 011): it moves with every change to a user or a session. */
export const readAuthEpoch = async (db: Kysely<Database>) => {
  const { rows } = await runPrepared(db, 'authEpoch.read', [1], () =>
    db.selectFrom('auth_epoch').select('n').where('id', '=', 1),
  );
  return Number(rows[0]!.n);
};

/**
 * The auth epoch as read after the call: lookups asked for together share one read, made once the
 * event loop has taken in what it was given this turn (`setImmediate`), so every lookup's read
 * begins after it was asked. On SQLite the read costs more than the statement: each commit of
 * another connection (the spot thread's, hundreds a second) empties this connection's page cache.
 * Read for every request, it took about a sixth of the main thread's CPU an order over HTTP at
 * 7 000 orders/s (docs/spot-performance.md).
 */
const epochReads = (db: Kysely<Database>) => {
  let next: Promise<number> | undefined;
  return () =>
    (next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // A lookup asked from here on waits for a read of its own.
      next = undefined;
      return readAuthEpoch(db);
    }));
};

/**
 * `find` with the sessions it found kept in memory while the auth epoch stands still (migration
 * 011): reading one counter costs a request far less than reading the session with its user and
 * mapping them (about 30 µs less server CPU an order at saturation, a tenth). The epoch is read
 * before anything else, and after the lookup was asked (`epochReads`), so a change committed
 * before a request began, by this process or another, clears what was kept before that request
 * looks; a session is kept only under the epoch read before it was, so one read just as a change
 * was committing is dropped at the next request. Unknown tokens are not kept: they cannot fill
 * the memory. What is kept is frozen, as every request shares it.
 */
export const cachedUserSessions = (
  db: Kysely<Database>,
  find: FindUserSession,
  limit = LIMIT,
): FindUserSession => {
  let epoch: number | undefined;
  const kept = new Map<string, UserSession>();
  const epochNow = epochReads(db);
  return async (tokenHash) => {
    const seen = await epochNow();
    if (seen !== epoch) {
      kept.clear();
      epoch = seen;
    }
    const hit = kept.get(tokenHash);
    if (hit) return hit;
    const found = await find(tokenHash);
    if (!found || epoch !== seen) return found;
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    const entry = Object.freeze({ session: Object.freeze(found.session), user: Object.freeze(found.user) });
    kept.set(tokenHash, entry);
    return entry;
  };
};
