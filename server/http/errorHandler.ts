import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorKey, type Envelope, type ErrorName } from '../../protocol';
import { AppError } from '../domain/appError';
import { HashingBusy } from '../crypto/scryptThread';
import { isUnreachable } from '../db/unreachable';
import { outageLog, type OutageLog } from '../db/outageLog';
import { JSON_TYPE, sendError } from './envelope';
import { unavailable } from './unavailable';

/** The catalogued failure for an error that is not one: client mistakes (bad JSON, wrong content
 * type, oversized bodies, a path that is not valid percent-encoding) keep their 4xx class; a
 * database that cannot be reached is `service_unavailable` with `Retry-After`, as while the server
 * closes or while more logins wait for the password-hashing thread than it should take on
 * (scryptThread.ts); an outage goes to the outage log (a warning every few seconds, not a stack per request);
 * anything else is logged with its stack and answered as `unexpected_error`, never with the stack
 * itself. */
const catalogued = (
  err: FastifyError | AppError,
  req: FastifyRequest,
  reply: FastifyReply,
  outage?: OutageLog,
): AppError => {
  if (err instanceof AppError) return err;
  if (err instanceof HashingBusy) return unavailable(reply);
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payload_too_large');
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError('too_many_requests');
  if (status >= 400 && status < 500) {
    req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request');
    return new AppError('parameter_error');
  }
  if (outage && isUnreachable(err)) {
    outage(err, `${req.method} ${req.routeOptions.url ?? 'request'}`);
    return unavailable(reply);
  }
  req.log.error({ err }, 'unexpected error');
  return new AppError('unexpected_error');
};

/** Maps every failure of a route or hook to a catalogued envelope. Outages are reported to
 * `outage`, by default one of the app's own logger. */
export const installErrorHandler = (app: FastifyInstance, outage: OutageLog = outageLog(app.log)) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) =>
    sendError(reply, catalogued(err, req, reply, outage)),
  );
};

/** The failures Fastify meets before any route or hook runs (`FST_ERR_BAD_URL`, an over-long
 * path parameter, a failed route constraint): without this option it answers them with its own
 * `{error, code, message}`, which no client of ours can read. */
export const frameworkErrors = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, catalogued(err, req, reply));

/** How the requests Node's HTTP parser gives up on are answered: headers larger than it reads
 * (431), a request not complete within `requestTimeout` (408), anything else it cannot read (400). */
const parserRefusal = (code: string | undefined): [number, ErrorName] =>
  code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'payload_too_large']
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'parameter_error']
      : [400, 'parameter_error'];

/** Writes a refusal in the envelope straight to a connection no Fastify reply owns, and ends it. */
export const endInEnvelope = (
  socket: Duplex,
  status: number,
  name: ErrorName,
  headers: Record<string, string> = {},
) => {
  const body = JSON.stringify({ code: status, msg: errorKey(name), data: null } satisfies Envelope);
  const extra = Object.entries(headers).map(([header, value]) => `${header}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extra.join('')}Connection: close\r\n\r\n${body}`,
  );
};

/** The failures Node's HTTP parser meets before Fastify sees a request at all: answered in the
 * envelope too, instead of Fastify's own `{error, message, statusCode}`. A connection already gone
 * gets nothing. */
export const clientErrorHandler = (err: Error & { code?: string }, socket: Duplex) => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  endInEnvelope(socket, ...parserRefusal(err.code));
};
