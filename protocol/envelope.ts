import { z } from 'zod';

/** Envelope codes (ARCHITECTURE §3). Failures carry the HTTP status as their code, except the limit
 * failures, which carry their own code and `{ message, value }` as data. */
export const CODE = {
  ok: 1,
  sessionExpired: 401,
  orderBuyLimit: 2001,
  orderSellLimit: 2002,
  withdrawLimit: 2003,
} as const;

export const LIMIT_CODES: readonly number[] = [CODE.orderBuyLimit, CODE.orderSellLimit, CODE.withdrawLimit];

export const SUCCESS_MSG = 'app.msg.success';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const limitDataSchema = z.object({ message: z.string(), value: z.string() });
export type LimitData = z.infer<typeof limitDataSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });
