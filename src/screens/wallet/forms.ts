import { Decimal } from '../../components/decimal';
import { z } from 'zod';
import {
  addressRequestSchema,
  coinAmountProblem,
  decimalsProblem,
  withdrawIntentSchema,
  type AddressRequest,
  type WalletNetwork,
  type WithdrawIntent,
} from '../../../protocol/wallet';
import { TX_HASH_RE } from '../../../protocol/walletRules';
import { canonicalDecimal } from '../../components/form/decimalInput';

/**
 * The wallet forms, checked with the server's own rules and message keys (protocol/wallet), plus
 * the limits of the chosen network, which the server checks against the same figures.
 */
const limitProblem = (amount: string, min: string, max: string, below: string, above: string) => {
  const a = new Decimal(amount);
  if (a.lt(min)) return below;
  if (a.gt(max)) return above;
  return null;
};

/** What is wrong with an amount for the chosen network: the amount rule, then the network's
 * places, then `limits` (its minimum and maximum, the balance) on a well-formed one. */
const amountOnNetwork = (v: string, net: WalletNetwork | undefined, limits: (v: string) => string | null) =>
  coinAmountProblem(v) ?? (net && decimalsProblem(v, net.decimals)) ?? limits(v);

export const depositFormSchema = (net: WalletNetwork | undefined) =>
  z.object({
    amount: z
      .string()
      .transform(canonicalDecimal)
      .superRefine((v, ctx) => {
        const problem = amountOnNetwork(v, net, (a) =>
          net
            ? limitProblem(
                a,
                net.minDeposit,
                net.maxDeposit,
                'app.msg.outside_limit',
                'app.msg.outside_limit',
              )
            : null,
        );
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    txHash: z
      .string()
      .trim()
      .refine((v) => v === '' || TX_HASH_RE.test(v), 'app.msg.tx_hash_invalid'),
  });

/** The server's refusals of an amount, said under it (the limits, the network's places, the
 * balance). */
export const AMOUNT_REFUSALS = [
  'app.msg.amount_invalid',
  'app.msg.amount_decimals',
  'app.msg.outside_limit',
  'app.msg.withdraw_min',
  'app.msg.withdraw_max',
  'app.msg.insufficient_balance',
];

/** The server's refusals of a destination address, said under it. */
export const ADDRESS_REFUSALS = ['app.msg.address_invalid', 'app.msg.address_charset'];

/** The server's refusals of a memo, said under it. */
export const MEMO_REFUSALS = ['app.msg.memo_invalid', 'app.msg.destination_tag_invalid'];

/** The limit a limit message refers to, shown after it (spec §8: message followed by value). */
export const limitValue = (error: string | undefined, net: WalletNetwork | undefined) =>
  !net
    ? undefined
    : error === 'app.msg.withdraw_min'
      ? net.minWithdraw
      : error === 'app.msg.withdraw_max'
        ? net.maxWithdraw
        : undefined;

/** What the address receives: the amount less the fee, never below zero; null until the amount is
 * one the network carries (a number, to its places). */
export const receivedOf = (typed: string, net: WalletNetwork): string | null => {
  const amount = canonicalDecimal(typed);
  if (amountOnNetwork(amount, net, () => null)) return null;
  const r = new Decimal(amount).minus(net.withdrawFee);
  return r.isNegative() ? '0' : r.toFixed();
};

/** The address form: what the user types, sent with the chosen coin and network and checked by
 * the server's own schema (errors keep their field). */
export const addressFormSchema = (net: WalletNetwork | undefined) =>
  z
    .object({ address: z.string(), memo: z.string(), remark: z.string(), password: z.string() })
    .transform((v): AddressRequest => ({
      coin: net?.coin ?? '',
      network: net?.network ?? 'TRC20',
      address: v.address,
      remark: v.remark,
      password: v.password,
      ...(net?.memoRequired ? { memo: v.memo } : {}),
    }))
    .pipe(addressRequestSchema);

/** The withdrawal form: the server's own schema, and on an amount it takes, the network's places
 * and limits and the balance. In one stage: checked before the rest, a refused amount hid an empty
 * address or password until the next tap. */
export const withdrawFormSchema = (net: WalletNetwork | undefined, available: string) =>
  z
    .object({ address: z.string(), memo: z.string(), amount: z.string(), password: z.string() })
    .transform((v): WithdrawIntent => ({
      coin: net?.coin ?? '',
      network: net?.network ?? 'TRC20',
      address: v.address,
      amount: canonicalDecimal(v.amount),
      // The fee the form shows: the server refuses the withdrawal if the network now charges another.
      ...(net ? { fee: net.withdrawFee } : {}),
      password: v.password,
      ...(net?.memoRequired ? { memo: v.memo } : {}),
    }))
    .pipe(
      withdrawIntentSchema.superRefine(({ amount }, ctx) => {
        // The intent's schema has said what the amount rule finds; these follow on an amount it takes.
        if (coinAmountProblem(amount)) return;
        const problem = amountOnNetwork(
          amount,
          net,
          (a) =>
            (net &&
              limitProblem(
                a,
                net.minWithdraw,
                net.maxWithdraw,
                'app.msg.withdraw_min',
                'app.msg.withdraw_max',
              )) ??
            (new Decimal(a).gt(available) ? 'app.msg.insufficient_balance' : null),
        );
        if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
      }),
    );
