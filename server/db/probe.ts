import { sql } from 'kysely';
import type { Db } from './connect';

interface ProbeResult {
  up: boolean;
  /** Why not, when not: the failure, or that the probe took too long. */
  error?: unknown;
}

interface ProbeOptions {
  /** A probe that has not answered by then counts as down (the database may be out of reach
   * without refusing: packets dropped, a pooler waiting for a server). */
  timeoutMs?: number;
  /** How long an answer is reused: a monitor, a load balancer and every server's own start-up
   * helper poll the health route, and a flood of probes must not be a flood of queries. */
  cacheMs?: number;
  now?: () => number;
}

const PROBE_TIMEOUT_MS = 2000;
const PROBE_CACHE_MS = 1000;

/** A probe not answered in time. Coded as a network timeout: for the server a database that does
 * not answer is one it cannot reach (unreachable.ts), and is logged as such. */
export class ProbeTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`the database did not answer select 1 within ${ms} ms`);
  }
}

/**
 * Whether the database answers `select 1`: at most one query at a time and one every `cacheMs`.
 * A query still unanswered when the next probe is due is not joined by another: that probe is
 * answered down at once, so a database that hangs collects one waiting query, not one per probe.
 */
export const databaseProbe = (db: Db, opts: ProbeOptions = {}) => {
  const { timeoutMs = PROBE_TIMEOUT_MS, cacheMs = PROBE_CACHE_MS, now = Date.now } = opts;
  let last: { at: number; result: ProbeResult } | undefined;
  let asking: Promise<ProbeResult> | undefined;
  let querying = false;

  const ask = async (): Promise<ProbeResult> => {
    if (querying) return { up: false, error: new ProbeTimeout(timeoutMs) };
    querying = true;
    const query = sql`select 1`.execute(db.kysely).then(
      (): ProbeResult => ({ up: true }),
      (error: unknown): ProbeResult => ({ up: false, error }),
    );
    void query.finally(() => (querying = false));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ProbeResult>((resolve) => {
      timer = setTimeout(() => resolve({ up: false, error: new ProbeTimeout(timeoutMs) }), timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([query, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return async (): Promise<ProbeResult> => {
    if (last && now() - last.at < cacheMs) return last.result;
    // Probes that arrive while one is asking share its answer.
    asking ??= ask().then((result) => {
      last = { at: now(), result };
      asking = undefined;
      return result;
    });
    return asking;
  };
};

export type DatabaseProbe = ReturnType<typeof databaseProbe>;
