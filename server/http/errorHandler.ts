import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../domain/appError';
import { sendError } from './envelope';

/** Maps every failure to a catalogued envelope. Client mistakes (bad JSON, wrong content type,
 * oversized bodies) keep their 4xx class; anything else is logged with its stack and answered as
 * `unexpected_error`, never with the stack itself. */
export const installErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return sendError(reply, err);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new AppError('payload_too_large'));
    const status = err.statusCode ?? 500;
    if (status === 429) return sendError(reply, new AppError('too_many_requests'));
    if (status >= 400 && status < 500) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'rejected request');
      return sendError(reply, new AppError('parameter_error'));
    }
    req.log.error({ err }, 'unexpected error');
    return sendError(reply, new AppError('unexpected_error'));
  });
};
