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

/** The data of a limit failure: the message key and the limit it refers to. */
export interface LimitData {
  message: string;
  value: string;
}

export const isLimitData = (data: unknown): data is LimitData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as LimitData).message === 'string' &&
  typeof (data as LimitData).value === 'string';
