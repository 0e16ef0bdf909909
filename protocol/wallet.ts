import { z } from 'zod';
import { pageQueryFields } from './paging';
import { typedText } from './typedText';
import { ASSET_SCALE } from './assets';
import { UNSIGNED_DECIMAL_RE, scaleOf } from './decimal';
import { reviewReasonSchema } from './reviewReasons';
import { rowId } from './rowId';
import {
  ADDRESS_MAX,
  MEMO_RE,
  NETWORKS,
  REMARK_MAX,
  REQUEST_KEY_RE,
  TX_HASH_RE,
  addressProblem,
  memoProblem,
  memoRequired,
} from './walletRules';

/**
 * Deposits, withdrawals and the withdrawal address book on the wire. Amounts are decimal strings
 * of at most ASSET_SCALE digits after the point; statuses travel with their `app.data.*` name
 * (`status_name`, spec §7) for the client to translate.
 */

export const coinSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{2,10}$/, 'app.msg.currency_not_exist')
  .transform((s) => s.toUpperCase());
const networkSchema = z.enum(NETWORKS, 'app.msg.parameter_error');

/** A positive amount of at most ASSET_SCALE decimals (what the ledger can hold exactly). */
/** An amount with more decimal places than its coin's network carries: the chain could not move it
 * as booked. */
const DECIMALS_MESSAGE = 'app.msg.amount_decimals';
export const decimalsProblem = (value: string, decimals: number): string | null =>
  scaleOf(value) > decimals ? DECIMALS_MESSAGE : null;

/** What is wrong with an amount typed where money moves, `finer` said of a positive amount of more
 * than 8 decimals: nothing typed is asked for, as every empty field is (field_required); anything
 * else but a positive amount is invalid. */
const amountProblemSaying =
  (finer: string) =>
  (value: string): string | null => {
    if (value.trim() === '') return 'app.msg.field_required';
    if (!UNSIGNED_DECIMAL_RE.test(value) || /^0(\.0*)?$/.test(value)) return 'app.msg.amount_invalid';
    return scaleOf(value) > ASSET_SCALE ? finer : null;
  };

/** An amount of at most 8 decimals, where no network's places are at stake (a contract's stake, a
 * pledge): a finer one is no amount of ours. */
export const amountProblem = amountProblemSaying('app.msg.amount_invalid');

/** An amount of a coin on a network (a deposit, a withdrawal, an operator's confirmation): finer
 * than 8 decimals is finer than any network carries, refused as finer than this one carries is,
 * so the reader is told what to change rather than that it is no amount. */
export const coinAmountProblem = amountProblemSaying(DECIMALS_MESSAGE);

const amountSchemaOf = (problemOf: (value: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The amount a user types where money moves off any network (pledges, contracts). */
export const amountSchema = amountSchemaOf(amountProblem);
/** The amount of a coin on a network (deposits, withdrawals, their limits). */
export const coinAmountSchema = amountSchemaOf(coinAmountProblem);

const memo = z.string().regex(MEMO_RE, 'app.msg.memo_invalid');

/** A withdrawal fee: an amount that may be zero. */
const feeSchema = z
  .string()
  .regex(UNSIGNED_DECIMAL_RE, 'app.msg.amount_invalid')
  .refine((v) => scaleOf(v) <= ASSET_SCALE, 'app.msg.amount_invalid');

/** Where a withdrawal goes or an address book entry points, as the user types it: checked against
 * its network by `withAddress`. */
const destinationFields = {
  coin: coinSchema,
  network: networkSchema,
  address: z.string().max(ADDRESS_MAX, 'app.msg.address_invalid'),
  memo: memo.optional(),
};

/** What a deposit, a withdrawal and an address book entry all start with: which one it is and the
 * address on the chain. */
const addressFields = {
  id: z.number().int(),
  coin: z.string(),
  network: networkSchema,
  address: z.string(),
  memo: z.string(),
};

/** A coin on a network as users see it: where to deposit, the limits and the fee. */
export const walletNetworkSchema = z.object({
  coin: z.string(),
  network: networkSchema,
  /** Where the reader deposits: on a memo network the address every account shares, else the
   * reader's own, empty until they take one (`POST /recharge/address`). */
  depositAddress: z.string(),
  /** Empty when the network needs none. */
  memo: z.string(),
  memoRequired: z.boolean(),
  minDeposit: z.string(),
  maxDeposit: z.string(),
  minWithdraw: z.string(),
  maxWithdraw: z.string(),
  withdrawFee: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  /** Decimal places the coin carries on the network (at most the ledger's 8): amounts are refused
   * past them. */
  decimals: z.number().int(),
});
export type WalletNetwork = z.infer<typeof walletNetworkSchema>;

export const ADMIN_PAGE_SIZE_MAX = 200;

export const recordQuerySchema = z.strictObject({
  ...pageQueryFields(),
});
export type RecordQuery = z.output<typeof recordQuerySchema>;

// Deposits.

export const DEPOSIT_STATES = ['pending', 'confirming', 'success', 'fail'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const depositStatusName = (s: DepositState) => `app.data.deposit_${s}` as const;
/** Why a confirmed deposit was not credited (shown as the record's note). */
export const DEPOSIT_BELOW_MIN = 'app.data.deposit_below_min';
/** The note of a deposit that migration 014 found declaring a transaction another one holds. */
export const DEPOSIT_TX_HASH_USED = 'app.data.deposit_tx_hash_used';

/** The reader's deposit address on a coin's network: taken from the operator's pool the first time. */
export const depositAddressRequestSchema = z.strictObject({ coin: coinSchema, network: networkSchema });
export type DepositAddressRequest = z.input<typeof depositAddressRequestSchema>;
export const depositAddressSchema = z.object({ address: z.string(), memo: z.string() });
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const depositRequestSchema = z.strictObject({
  coin: coinSchema,
  network: networkSchema,
  amount: coinAmountSchema,
  txHash: z.string().regex(TX_HASH_RE, 'app.msg.tx_hash_invalid').optional(),
  /** When given, a repeated declaration with it answers the first one (another: request_key_used). */
  requestKey: z.string().regex(REQUEST_KEY_RE).optional(),
});
export type DepositRequest = z.input<typeof depositRequestSchema>;

export const depositSchema = z.object({
  ...addressFields,
  /** What the user declared. */
  amount: z.string(),
  /** What reached the account: set once confirmed ('0' when below the minimum). */
  creditedAmount: z.string().nullable(),
  /** What the chain showed, once confirmed (null before, when nothing arrived, and on records
   * confirmed before it was kept). */
  receivedAmount: z.string().nullable(),
  txHash: z.string().nullable(),
  status: z.enum(DEPOSIT_STATES),
  status_name: z.string(),
  /** An `app.data.*` key or the operator's words, when there is something to explain. */
  note: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Deposit = z.infer<typeof depositSchema>;

// Withdrawals.

export const WITHDRAW_STATES = ['pending', 'success', 'rejected', 'failed'] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];
export const withdrawStatusName = (s: WithdrawState) => `app.data.withdraw_${s}` as const;

const withAddress = <T extends { network: string; address: string; memo?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  const problem = addressProblem(v.network, v.address);
  if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  if (memoRequired(v.network) && !v.memo)
    ctx.addIssue({ code: 'custom', path: ['memo'], message: 'app.msg.memo_invalid' });
  const memoWrong = v.memo && MEMO_RE.test(v.memo) ? memoProblem(v.network, v.memo) : null;
  if (memoWrong) ctx.addIssue({ code: 'custom', path: ['memo'], message: memoWrong });
  // A memo where the network has none would be saved and sent on, though no chain reads it: the
  // forms show no memo field there, so only a wrong call sends one.
  if (!memoRequired(v.network) && v.memo !== undefined)
    ctx.addIssue({ code: 'custom', path: ['memo'], message: 'app.msg.parameter_error' });
};

/** The withdrawal password, asked for wherever funds could be sent away: required, then correct
 * (nothing typed is missing, not wrong). */
const withdrawPasswordSchema = z
  .string()
  .min(1, 'app.msg.field_required')
  .max(64, 'app.msg.withdraw_pwd_incorrect');

/** `amount` is what leaves the balance; the fee comes out of it, the rest is received. `fee` is
 * the fee the form showed: when the network's fee is another by now the withdrawal is refused
 * (fee_changed) rather than made at a fee the user never saw. */
const withdrawFields = {
  ...destinationFields,
  amount: coinAmountSchema,
  fee: feeSchema.optional(),
  password: withdrawPasswordSchema,
};
/** A withdrawal as its form holds it: all but the key it is sent under, which depends on it. */
export const withdrawIntentSchema = z.strictObject(withdrawFields).superRefine(withAddress);
export type WithdrawIntent = z.input<typeof withdrawIntentSchema>;
export const withdrawRequestSchema = z
  .strictObject({ ...withdrawFields, requestKey: z.string().regex(REQUEST_KEY_RE) })
  .superRefine(withAddress);
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

export const withdrawalSchema = z.object({
  ...addressFields,
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  status: z.enum(WITHDRAW_STATES),
  status_name: z.string(),
  note: z.string().nullable(),
  txHash: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

// The withdrawal address book.

/** A saved address is where a withdrawal may go without typing one, so saving one takes the
 * withdrawal password: whoever holds a session alone (a phone left logged in) cannot add their own
 * address to the book. */
export const addressRequestSchema = z
  .strictObject({
    ...destinationFields,
    remark: typedText().max(REMARK_MAX, 'app.msg.text_too_long').optional(),
    password: withdrawPasswordSchema,
  })
  .superRefine(withAddress);
export type AddressRequest = z.input<typeof addressRequestSchema>;

export const withdrawAddressSchema = z.object({
  ...addressFields,
  remark: z.string(),
  createdAt: z.number().int(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

export const idBodySchema = z.strictObject({ id: rowId });

// The wallet summary.

export const walletSummarySchema = z.object({
  /** Everything valued in USDT at the last prices; coins without a USDT pair count as 0. */
  totalUsdt: z.string(),
  balances: z.array(
    z.object({
      asset: z.string(),
      available: z.string(),
      frozen: z.string(),
      total: z.string(),
      valueUsdt: z.string(),
    }),
  ),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

// Operators.

export const adminDepositSchema = depositSchema.extend({ userId: z.number().int() });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminWithdrawalSchema = withdrawalSchema.extend({ userId: z.number().int() });
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** A page of an operator's list: up to 200 at a time. */
export const adminPage = pageQueryFields(ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_MAX);
export const adminDepositQuerySchema = z.strictObject({
  status: z.enum(DEPOSIT_STATES).optional(),
  ...adminPage,
});
export const adminWithdrawalQuerySchema = z.strictObject({
  status: z.enum(WITHDRAW_STATES).optional(),
  ...adminPage,
});
export type AdminPageQuery = Pick<RecordQuery, 'page' | 'size'>;

/** Confirms a deposit; `amount` is what the chain shows, when it differs from the declared one. */
export const confirmDepositSchema = z.strictObject({
  id: rowId,
  amount: coinAmountSchema.optional(),
  /** An amount above the user's declaration is meant (else refused: more_than_declared). */
  moreThanDeclared: z.boolean().optional(),
});
export const failDepositSchema = z.strictObject({ id: rowId, reason: reviewReasonSchema('deposit') });
export const refuseWithdrawalSchema = z.strictObject({ id: rowId, reason: reviewReasonSchema('withdrawal') });
export const approveWithdrawalSchema = z.strictObject({
  id: rowId,
  txHash: z.string().regex(TX_HASH_RE, 'app.msg.tx_hash_invalid').optional(),
});

/** Operator settings of a coin on a network: any subset. */
export const networkConfigPatchSchema = z
  .strictObject({
    coin: coinSchema,
    network: networkSchema,
    depositAddress: z.string().max(200).optional(),
    memo: z.union([memo, z.literal('')]).optional(),
    minDeposit: coinAmountSchema.optional(),
    maxDeposit: coinAmountSchema.optional(),
    minWithdraw: coinAmountSchema.optional(),
    maxWithdraw: coinAmountSchema.optional(),
    withdrawFee: feeSchema.optional(),
    depositEnabled: z.boolean().optional(),
    withdrawEnabled: z.boolean().optional(),
    decimals: z.number().int().min(0).max(ASSET_SCALE).optional(),
  })
  .superRefine((v, ctx) => {
    // On a network whose memos are tags (XRP) each user's deposit tag is counted from the base
    // memo: a base the chain cannot carry would give every user a memo no payment can bear. A
    // memo of other characters is refused as such already (memo_invalid).
    const base = v.memo;
    if (base === undefined || (base !== '' && !MEMO_RE.test(base))) return;
    const problem = memoProblem(v.network, base);
    if (problem) ctx.addIssue({ code: 'custom', path: ['memo'], message: problem });
  });
export type NetworkConfigPatch = z.input<typeof networkConfigPatchSchema>;
