import type { FastifyReply } from 'fastify';
import { SUCCESS_MSG, type Envelope } from '../../protocol';
import type { AppError } from '../domain/appError';

export const ok = <T>(data: T): Envelope<T> => ({ code: 1, msg: SUCCESS_MSG, data });

export const sendError = (reply: FastifyReply, error: AppError) =>
  reply
    .status(error.status)
    .type('application/json; charset=utf-8')
    .send({ code: error.code ?? error.status, msg: error.key, data: error.data } satisfies Envelope);
