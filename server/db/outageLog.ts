import { reportEvery } from './reportEvery';
import { isUnreachable, reasonOf } from './unreachable';

/** The part of a pino logger this needs (Fastify's and its children's). */
interface WarnLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How often at most an unreachable database is logged. */
export const OUTAGE_LOG_EVERY_MS = 5000;

/**
 * Reports failures for a logger: a database that cannot be reached as one warning every
 * `everyMs` (with how many more failed meanwhile and where), anything else as an error with its
 * stack, as before. While the database is down every request and every background round fails the
 * same way; a stack for each (125 in 15 s, the audit found) buries whatever else is logged and
 * says nothing the first one did not.
 *
 * `report(err, where, fields)` answers whether the failure was the database being unreachable;
 * `fields` go with an error's line (the pledge a round failed on).
 */
export const outageLog = (log: WarnLog, { everyMs = OUTAGE_LOG_EVERY_MS, now = Date.now } = {}) => {
  const due = reportEvery(everyMs, now);
  let places = new Set<string>();
  return (err: unknown, where: string, fields: object = {}): boolean => {
    if (!isUnreachable(err)) {
      log.error({ ...fields, err }, where);
      return false;
    }
    const held = due();
    if (held === undefined) {
      places.add(where);
      return true;
    }
    log.warn(
      {
        reason: reasonOf(err),
        where,
        ...(held > 0 ? { alsoFailed: held, alsoWhere: [...places] } : {}),
      },
      'database unreachable',
    );
    places = new Set();
    return true;
  };
};

export type OutageLog = ReturnType<typeof outageLog>;
