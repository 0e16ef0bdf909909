import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/appError';
import { sendError } from './envelope';

/** The catalogued failure for an error that is not one: client mistakes (bad JSON, wrong content
 * type, oversized bodies, a path that is not valid percent-encoding) keep their 4xx class; anything
 * else is logged with its stack and answered as `unexpected_error`, never with the stack itself. */
const catalogued = (err: FastifyError | AppError, req: FastifyRequest): AppError => {
  if (err instanceof AppError) return err;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payload_too_large');
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError('too_many_requests');
  if (status >= 400 && status < 500) {
    req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request');
    return new AppError('parameter_error');
  }
  req.log.error({ err }, 'unexpected error');
  return new AppError('unexpected_error');
};

/** Maps every failure of a route or hook to a catalogued envelope. */
export const installErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => sendError(reply, catalogued(err, req)));
};

/** The failures Fastify meets before any route or hook runs (`FST_ERR_BAD_URL`, an over-long
 * path parameter, a failed route constraint): without this option it answers them with its own
 * `{error, code, message}`, which no client of ours can read. */
export const frameworkErrors = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, catalogued(err, req));
