import { z } from 'zod';
import { pageQueryFields, pageOf } from './paging';
import {
  CONTRACT_DIRECTIONS,
  CONTRACT_LIST_STATES,
  CONTRACT_PAGE_SIZE_MAX,
  CONTRACT_RESULTS,
  CONTRACT_STATUSES,
} from './contracts';
import { amountString, decimalString } from './decimal';
import { PAIR_SYMBOL_RE } from './market';
import { amountSchema } from './wallet';
import { rowIdParam } from './rowId';

const pair = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(PAIR_SYMBOL_RE));
/** A positive amount with at most 8 decimals (the ledger's precision). */
const money = amountString.refine((s) => !/\.\d{9,}$/.test(s) && /[1-9]/.test(s), 'app.msg.parameter_error');
const CYCLE_MAX_MINUTES = 1440;
/** A cycle's length in minutes, a JSON number: an order's cycle is one the info lists. */
const cycleMinutes = z.number().int().min(1).max(CYCLE_MAX_MINUTES);
/** An operator's cycle minutes may come as text: the CLI splits them out of "5:88:10:50000". */
const operatorMinutes = z.coerce.number().int().min(1).max(CYCLE_MAX_MINUTES);
/** Percent, up to two decimals: a win pays this share of the amount on top of it. */
const payoutRate = amountString.refine(
  (s) => /^\d{1,3}(\.\d{1,2})?$/.test(s) && Number(s) > 0,
  'app.msg.parameter_error',
);

const contractCycleSchema = z.strictObject({
  minutes: operatorMinutes,
  rate: payoutRate,
  min: money,
  max: money,
});

export const contractPairConfigSchema = z.object({
  pair: z.string(),
  name: z.string(),
  asset: z.string(),
  enabled: z.boolean(),
  cycles: z.array(contractCycleSchema),
});

export const contractInfoSchema = z.object({
  pairs: z.array(contractPairConfigSchema),
  directionname: z.record(z.enum(CONTRACT_DIRECTIONS), z.string()),
  statusname: z.record(z.enum(CONTRACT_STATUSES), z.string()),
  resultname: z.record(z.enum(CONTRACT_RESULTS), z.string()),
  serverTime: z.number().int(),
});

const contractTickSchema = z.object({
  id: z.number().int(),
  ts: z.number().int(),
  price: amountString,
  source: z.string(),
});

export const contractOrderSchema = z.object({
  id: z.number().int(),
  pair: z.string(),
  name: z.string(),
  asset: z.string(),
  direction: z.enum(CONTRACT_DIRECTIONS),
  directionname: z.string(),
  cycle: z.number().int(),
  amount: amountString,
  rate: amountString,
  expected: amountString,
  openAt: z.number().int(),
  closeAt: z.number().int(),
  openPrice: amountString,
  closePrice: amountString.nullable(),
  status: z.enum(CONTRACT_STATUSES),
  statusname: z.string(),
  result: z.enum(CONTRACT_RESULTS).nullable(),
  resultname: z.string().nullable(),
  payout: amountString.nullable(),
  profit: decimalString.nullable(),
  settledAt: z.number().int().nullable(),
  openTick: contractTickSchema,
  closeTick: contractTickSchema.nullable(),
});

export const contractPageSchema = pageOf(contractOrderSchema);

export const contractOrderRequestSchema = z.strictObject({
  pair,
  direction: z.enum(CONTRACT_DIRECTIONS),
  cycle: cycleMinutes,
  /** The amount as the reader typed it, checked as wherever else money is typed. */
  amount: amountSchema,
  rate: payoutRate,
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

export const contractListQuerySchema = z
  .strictObject({
    state: z.enum(CONTRACT_LIST_STATES).default('open'),
    ...pageQueryFields(CONTRACT_PAGE_SIZE_MAX),
    /** The contracts opened before this one (a lower id), in place of a page number: reading on
     * from the last row read, a list missed none and held none twice when one settled or opened
     * between the reads, which moves every later page by a row. */
    before: rowIdParam.optional(),
  })
  .refine((q) => q.before === undefined || q.page === 1, 'app.msg.parameter_error');
export type ContractListQuery = z.output<typeof contractListQuerySchema>;

export const contractDetailQuerySchema = z.strictObject({
  id: rowIdParam,
});

/** Operator change of one pair's contract settings: switch it on or off, replace its cycles.
 * Nothing here touches a price or an outcome (ARCHITECTURE §8). */
export const contractConfigUpdateSchema = z
  .strictObject({
    pair,
    enabled: z.boolean().optional(),
    cycles: z
      .array(contractCycleSchema)
      .max(12)
      .refine((cs) => new Set(cs.map((c) => c.minutes)).size === cs.length, 'app.msg.parameter_error')
      .optional(),
  })
  .refine((u) => u.enabled !== undefined || u.cycles !== undefined, 'app.msg.parameter_error');
export type ContractConfigUpdate = z.output<typeof contractConfigUpdateSchema>;
