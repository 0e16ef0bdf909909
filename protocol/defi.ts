import { z } from 'zod';
import { pageQueryFields, pageOf } from './paging';
import { typedText } from './typedText';
import { SETTING_UNITS_MAX, UNSIGNED_DECIMAL_RE } from './decimal';
import { PLEDGE_STATUSES, RATE_SCALE, UNIT_SCALE, parseScaledExact } from './defiRules';
import { adminPage, amountSchema } from './wallet';
import { REQUEST_KEY_RE } from './walletRules';
import { rowId, rowIdParam } from './rowId';
import { edit } from './adminEdit';

/**
 * Staking (DeFi pledge) on the wire: products, pledges, daily income. Amounts are decimal strings
 * at 8 places; `dailyYield` and `annualRate` are percent strings (`"0.500000"` = 0.5 %).
 */

const id = rowIdParam;

/** The amount pledged: the wallet's amount rule, so that the pledge form and the API take and
 * refuse what the deposit and withdrawal forms do, with the same message. */
export const pledgeAmount = amountSchema;

export const defiProductSchema = z.object({
  id: z.number().int(),
  /** Project name, as the operator named the product. */
  name: z.string(),
  asset: z.string(),
  cycleDays: z.number().int(),
  dailyYield: z.string(),
  annualRate: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  totalQuota: z.string(),
  remainingQuota: z.string(),
  /** Pledges one user may make in this product, ever. */
  purchaseLimit: z.number().int(),
  /** Pledges the asking user has made in it. */
  purchased: z.number().int(),
  enabled: z.boolean(),
});
export type DefiProduct = z.infer<typeof defiProductSchema>;

export const defiDetailQuerySchema = z.strictObject({ id });

export const pledgeRequestSchema = z.strictObject({
  productId: rowId,
  amount: pledgeAmount,
  /** When given, a repeated pledge with it answers the first one (another under it: request_key_used). */
  requestKey: z.string().regex(REQUEST_KEY_RE).optional(),
});
export type PledgeRequest = z.input<typeof pledgeRequestSchema>;

export const pledgeRecordSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  asset: z.string(),
  amount: z.string(),
  cycleDays: z.number().int(),
  dailyYield: z.string(),
  annualRate: z.string(),
  status: z.enum(PLEDGE_STATUSES),
  /** Pledge time and the time the principal is due back (UTC ms). */
  pledgedAt: z.number().int(),
  maturesAt: z.number().int(),
  /** When the principal came back; null while earning. */
  settledAt: z.number().int().nullable(),
  daysPaid: z.number().int(),
  dailyIncome: z.string(),
  /** Released today (server's UTC day), released so far, and the whole cycle's income. */
  todayIncome: z.string(),
  cumulativeIncome: z.string(),
  projectedIncome: z.string(),
});
export type PledgeRecord = z.infer<typeof pledgeRecordSchema>;

export const pledgeListQuerySchema = z.strictObject({
  status: z.enum(PLEDGE_STATUSES).optional(),
  ...pageQueryFields(),
});
export type PledgeListRequest = Partial<z.output<typeof pledgeListQuerySchema>>;

const incomeRecordSchema = z.object({
  id: z.number().int(),
  pledgeId: z.number().int(),
  name: z.string(),
  asset: z.string(),
  /** The amount of the pledge this is the income of: two pledges of one product read apart by it. */
  principal: z.string(),
  cycleDays: z.number().int(),
  /** Day of the cycle this income is for, 1 … cycleDays. */
  day: z.number().int(),
  amount: z.string(),
  releasedAt: z.number().int(),
});

export const incomeListQuerySchema = z.strictObject({
  pledgeId: id.optional(),
  ...pageQueryFields(),
});
export type IncomeListRequest = Partial<z.output<typeof incomeListQuerySchema>>;

export const pledgePageSchema = pageOf(pledgeRecordSchema);
export type PledgePage = z.infer<typeof pledgePageSchema>;
export const incomePageSchema = pageOf(incomeRecordSchema);
export type IncomePage = z.infer<typeof incomePageSchema>;

/** Per asset: today's, cumulative and projected (still to come from earning pledges) income. */
export const earningsSchema = z.array(
  z.object({
    asset: z.string(),
    pledged: z.string(),
    today: z.string(),
    cumulative: z.string(),
    projected: z.string(),
  }),
);
export type Earnings = z.infer<typeof earningsSchema>;

// ---------- operator ----------

const unsigned = z.string().regex(UNSIGNED_DECIMAL_RE, 'app.msg.parameter_error');
const amount8 = unsigned.refine((v) => {
  const units = parseScaledExact(v, UNIT_SCALE);
  return units !== null && units <= SETTING_UNITS_MAX;
}, 'app.msg.parameter_error');
/** The highest daily yield an operator may set, in percent: 10 % a day is already 3 650 % a year;
 * above it is a slip (50 typed for 0.50), and the house must set a pledge's whole income aside. */
const MAX_DAILY_YIELD_PERCENT = 10;
/** The daily yield an operator sets, in percent (at most 6 places: 8 as a fraction). */
const yieldPercent = unsigned.refine((v) => {
  const scaled = parseScaledExact(v, RATE_SCALE - 2);
  return scaled !== null && scaled <= BigInt(MAX_DAILY_YIELD_PERCENT) * 10n ** BigInt(RATE_SCALE - 2);
}, 'app.msg.parameter_error');

const adminProductFields = {
  name: typedText().min(1).max(60),
  asset: z
    .string()
    .regex(/^[A-Za-z0-9]{2,10}$/)
    .transform((s) => s.toUpperCase()),
  cycleDays: z.number().int().min(1).max(3650),
  dailyYield: yieldPercent,
  minAmount: amount8,
  maxAmount: amount8,
  totalQuota: amount8,
  purchaseLimit: z.number().int().min(1).max(1_000_000),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(1_000_000),
};

export const adminCreateProductSchema = z.strictObject({
  ...adminProductFields,
  enabled: adminProductFields.enabled.default(true),
  sort: adminProductFields.sort.default(0),
});

/** Changes to a product. The quota changes by the same amount on both sides (`totalQuota` moves
 * `remainingQuota` by the difference), so what was sold stays sold. */
export const adminUpdateProductSchema = edit({
  id: rowId,
  name: adminProductFields.name.optional(),
  dailyYield: adminProductFields.dailyYield.optional(),
  minAmount: adminProductFields.minAmount.optional(),
  maxAmount: adminProductFields.maxAmount.optional(),
  totalQuota: adminProductFields.totalQuota.optional(),
  purchaseLimit: adminProductFields.purchaseLimit.optional(),
  enabled: adminProductFields.enabled.optional(),
  sort: adminProductFields.sort.optional(),
});

/** Every user's pledges, a page at a time: a user's oldest may lie behind thousands of newer ones. */
export const adminPledgeQuerySchema = z.strictObject({
  userId: id.optional(),
  status: z.enum(PLEDGE_STATUSES).optional(),
  ...adminPage,
});
export type AdminPledgeQuery = z.output<typeof adminPledgeQuerySchema>;

export const adminPledgeSchema = pledgeRecordSchema.extend({ userId: z.number().int() });
export type AdminPledge = z.infer<typeof adminPledgeSchema>;

export const accrualResultSchema = z.object({
  days: z.number().int(),
  settled: z.number().int(),
  failed: z.number().int(),
});
export type AccrualResult = z.infer<typeof accrualResultSchema>;
