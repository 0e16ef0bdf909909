/**
 * Whether a failure means the database could not be reached, rather than that the statement or the
 * data was wrong: nothing the caller sent is at fault, and the same request may succeed once the
 * database is back. The HTTP layer answers these `service_unavailable` (503, Retry-After) instead
 * of `unexpected_error`, and they are logged as one warning every few seconds (outageLog.ts), not
 * as a stack per request.
 *
 * Not the same as transient.ts: a transaction cut off by a lost connection may or may not have
 * committed, so it is never simply run again; the caller is told to try later instead.
 */

/** SQLSTATEs of a server that is going away or not yet taking connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, or in recovery), and 53300
 * too_many_connections (refused at connect time, like a full listen queue). */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Class 08, connection exceptions (08000, 08003, 08006, 08001, 08004, …). */
const PG_CONNECTION_CLASS = '08';

/** Socket and name-lookup failures on the way to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg and pg-pool say these without any code: a connection ended under a query, a connect that
 * took longer than `connectionTimeoutMillis`, or a wait for a pooled connection that did. */
const PG_MESSAGES = [
  /^connection terminated/i,
  /^timeout exceeded when trying to connect$/i,
  /^client has encountered a connection error and is not queryable$/i,
];

/** SQLite's file could not be opened or read and written: the disk or its mount is gone, which is
 * for the server what an unreachable PostgreSQL is (SQLITE_IOERR comes with extended codes,
 * SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC, …). */
const SQLITE_PREFIXES = ['SQLITE_CANTOPEN', 'SQLITE_IOERR'];

interface Failure {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const codeOf = (f: Failure): string | undefined => (typeof f.code === 'string' ? f.code : undefined);

const isOwnUnreachable = (f: Failure): boolean => {
  const code = codeOf(f);
  if (code !== undefined) {
    if (PG_STATES.has(code) || NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(PG_CONNECTION_CLASS)) return true;
    if (SQLITE_PREFIXES.some((p) => code.startsWith(p))) return true;
  }
  return typeof f.message === 'string' && PG_MESSAGES.some((m) => m.test(f.message as string));
};

/** How deep `cause` and `errors` are followed: pg-pool wraps a timed-out connect in an error whose
 * cause is the socket's, and Node reports a host with several addresses (localhost: ::1 and
 * 127.0.0.1) refused on each as an AggregateError of them. */
const MAX_DEPTH = 4;

export const isUnreachable = (err: unknown, depth = 0): boolean => {
  if (err === null || typeof err !== 'object' || depth > MAX_DEPTH) return false;
  const f = err as Failure;
  if (isOwnUnreachable(f)) return true;
  if (f.cause !== undefined && isUnreachable(f.cause, depth + 1)) return true;
  return Array.isArray(f.errors) && f.errors.some((e) => isUnreachable(e, depth + 1));
};

/** The failure in one line, its code first, for a log line or a start-up message: what an operator
 * needs to tell a refused connection from a name that does not resolve, without a stack. */
export const reasonOf = (err: unknown): string => {
  if (err === null || typeof err !== 'object') return String(err);
  const f = err as Failure;
  const own = typeof f.message === 'string' && f.message ? f.message : undefined;
  // An AggregateError's own message is empty: its first error says what happened.
  const inner = Array.isArray(f.errors) && f.errors.length > 0 ? reasonOf(f.errors[0]) : undefined;
  const text = own ?? inner ?? String(err);
  const code = codeOf(f);
  return code && !text.startsWith(code) ? `${code} ${text}` : text;
};
