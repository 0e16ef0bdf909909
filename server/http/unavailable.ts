import type { FastifyReply } from 'fastify';
import { AppError } from '../domain/appError';

/** Seconds a client is told to wait before trying again when the server cannot serve it now: it
 * has begun to stop (closing.ts), or its database cannot be reached (errorHandler.ts, health). */
export const RETRY_AFTER_S = 5;

/** `service_unavailable` (503) with `Retry-After` set on the reply: the one answer for "not now,
 * try again shortly", whichever the reason. */
export const unavailable = (reply: FastifyReply, data: unknown = null): AppError => {
  void reply.header('retry-after', String(RETRY_AFTER_S));
  return new AppError('service_unavailable', data);
};
