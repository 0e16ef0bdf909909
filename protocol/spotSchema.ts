import { z } from 'zod';
import { pageQueryFields, pageOf } from './paging';
import { amountString } from './decimal';
import { pairSymbolSchema } from './marketSchema';
import { CLIENT_OID_RE, ORDER_FILTERS, ORDER_STATUS, ORDER_TABS, ORDER_TYPES } from './spot';

/** A number the user typed: checked against the pair's precision by the server, so only its
 * length is checked here. Not trimmed: " 10" is refused as every other amount field refuses it,
 * not read as 10 here alone. */
const typed = z.string().max(40);

export const orderRequestSchema = z.strictObject({
  pair: pairSymbolSchema,
  type: z.enum(ORDER_TYPES),
  price: typed.optional(),
  qty: typed.optional(),
  amount: typed.optional(),
  clientOid: z.string().regex(CLIENT_OID_RE).optional(),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** An order's id: the engine numbers orders with safe integers, so a larger one names none (and
 * would not fit the database's column). */
const orderId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** One of the reader's orders: by its id, or by the client order id it was placed with (all a
 * client knows of an order whose place call went unanswered). Exactly one of the two. */
const orderRef = (id: z.ZodType<number, unknown>) =>
  z
    .strictObject({
      id: id.optional(),
      clientOid: z.string().regex(CLIENT_OID_RE).optional(),
    })
    .refine((r) => (r.id === undefined) !== (r.clientOid === undefined), { path: ['id'] });

// A body's id is a JSON number: `true` or `[7]`, which a coercion reads as 1 and 7, is refused.
export const cancelRequestSchema = orderRef(orderId);
export type OrderRef = z.infer<typeof cancelRequestSchema>;

export const orderListQuerySchema = z.strictObject({
  tab: z.enum(ORDER_TABS).default('open'),
  status: z.enum(ORDER_FILTERS).default('all'),
  pair: pairSymbolSchema.optional(),
  ...pageQueryFields(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

// A query's id is its digits alone: Number() would also read '1e1', '0x10' and ' ' (as 0).
export const orderDetailQuerySchema = orderRef(
  z
    .string()
    .regex(/^[1-9]\d*$/)
    .transform(Number)
    .pipe(orderId),
);

export const spotRulesQuerySchema = z.strictObject({ pair: pairSymbolSchema });

export const spotOrderSchema = z.object({
  id: z.number().int(),
  pair: pairSymbolSchema,
  side: z.enum(['buy', 'sell']),
  type: z.enum(ORDER_TYPES),
  price: amountString.nullable(),
  qty: amountString.nullable(),
  amount: amountString.nullable(),
  filledQty: amountString,
  filledAmount: amountString,
  avgPrice: amountString.nullable(),
  fee: amountString,
  feeAsset: z.string(),
  status: z.enum([ORDER_STATUS.pending, ORDER_STATUS.completed, ORDER_STATUS.cancelled]),
  clientOid: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

const spotFillSchema = z.object({
  id: z.number().int(),
  price: amountString,
  qty: amountString,
  amount: amountString,
  fee: amountString,
  role: z.enum(['maker', 'taker']),
  ts: z.number().int(),
});

export const spotOrderDetailSchema = spotOrderSchema.extend({ fills: z.array(spotFillSchema) });

export const spotOrderPageSchema = pageOf(spotOrderSchema);

export const spotPairRulesSchema = z.object({
  pair: pairSymbolSchema,
  enabled: z.boolean(),
  minAmount: amountString,
  makerFee: amountString,
  takerFee: amountString,
  band: amountString,
});
