import type { FastifyReply } from 'fastify';
import { SUCCESS_MSG, type Envelope } from '../../protocol';
import type { AppError } from '../domain/appError';
import type { JsonText } from '../wire/jsonText';

export const ok = <T>(data: T): Envelope<T> => ({ code: 1, msg: SUCCESS_MSG, data });

const OK_HEAD = `${JSON.stringify({ code: 1, msg: SUCCESS_MSG }).slice(0, -1)},"data":`;

/** `ok`'s envelope as JSON text around data already encoded. */
export const okText = (data: JsonText<unknown>): string => `${OK_HEAD}${data.text}}`;

export const sendError = (reply: FastifyReply, error: AppError) =>
  reply
    .status(error.status)
    .type('application/json; charset=utf-8')
    .send({ code: error.code ?? error.status, msg: error.key, data: error.data } satisfies Envelope);
