import { z } from 'zod';
import { pageQueryFields, pageOf } from './paging';

/** Balances of every asset are kept to 8 decimal places: amounts finer than that are refused. */
export const ASSET_SCALE = 8;

/** Why a balance changed: the journal's entry types, as translation keys. */
export const LEDGER_TYPES = [
  'app.data.demo_funding',
  'app.data.house_funding',
  'app.data.spot_freeze',
  'app.data.spot_release',
  'app.data.spot_trade',
  'app.data.spot_fee',
  'app.data.contract_open',
  'app.data.contract_payout',
  'app.data.contract_refund',
  'app.data.deposit',
  'app.data.withdraw_freeze',
  'app.data.withdraw_release',
  'app.data.withdraw',
  'app.data.withdraw_fee',
  'app.data.pledge',
  'app.data.pledge_income',
  'app.data.pledge_return',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const balanceSchema = z.object({
  asset: z.string(),
  available: z.string(),
  frozen: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const journalEntrySchema = z.object({
  id: z.number().int(),
  asset: z.string(),
  type: z.enum(LEDGER_TYPES),
  /** What caused it: an order, a contract, a deposit… (`order:12`). */
  ref: z.string(),
  /** Signed change of the available balance, and of the frozen one. */
  availableChange: z.string(),
  frozenChange: z.string(),
  availableAfter: z.string(),
  frozenAfter: z.string(),
  createdAt: z.number().int(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const financQuerySchema = z.strictObject({
  type: z.enum(LEDGER_TYPES).optional(),
  asset: z
    .string()
    .regex(/^[A-Za-z0-9]{2,10}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  ...pageQueryFields(),
});
export type FinancQuery = z.output<typeof financQuerySchema>;
/** What a client sends: every field optional. */
export type FinancRequest = Partial<Pick<FinancQuery, 'type' | 'asset' | 'page' | 'size'>>;

export const financPageSchema = pageOf(journalEntrySchema);
export type FinancPage = z.infer<typeof financPageSchema>;
