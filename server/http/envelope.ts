import type { FastifyReply } from 'fastify';
import { SUCCESS_MSG, type Envelope } from '../../protocol';
import type { AppError } from '../domain/appError';
import { withData, type JsonText } from '../wire/jsonText';

export const ok = <T>(data: T): Envelope<T> => ({ code: 1, msg: SUCCESS_MSG, data });

const OK_HEAD = JSON.stringify({ code: 1, msg: SUCCESS_MSG });

/** `ok`'s envelope as JSON text around data already encoded. */
export const okText = (data: JsonText<unknown>): string => withData(OK_HEAD, data);

/** The type of every JSON answer, as Fastify gives an object it serializes. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export const sendError = (reply: FastifyReply, error: AppError) =>
  reply
    .status(error.status)
    .type(JSON_TYPE)
    .send({ code: error.code ?? error.status, msg: error.key, data: error.data } satisfies Envelope);
