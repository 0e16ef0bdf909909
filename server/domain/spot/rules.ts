import { ASSET_SCALE, CODE, UNSIGNED_DECIMAL_RE, errorKey } from '../../../protocol';
import { AppError } from '../appError';
import { plainUnits } from '../money/plain';
import { formatScaled, parseExact } from '../money/scaled';
import type { Band } from './engine';
import type { OrderType, PairSpec, Side, SpotOrder } from './types';
import type { PairUnits } from './units';

/** An order as the user sent it: decimal strings, validated here against the pair. */
export interface OrderInput {
  side: Side;
  type: OrderType;
  price?: string | undefined;
  qty?: string | undefined;
  amount?: string | undefined;
}

interface ValidOrder {
  side: Side;
  type: OrderType;
  price: number | null;
  qty: number | null;
  budget: bigint | null;
}

/** The band around a reference price (ticks), `ppm` parts per million wide on each side. */
export const bandAround = (ref: number, ppm: bigint): Band => {
  const r = BigInt(ref);
  const low = (r * (1_000_000n - ppm) + 999_999n) / 1_000_000n;
  const high = (r * (1_000_000n + ppm)) / 1_000_000n;
  return { low: Math.max(1, Number(low)), high: Number(high) };
};

/** A limit failure of orderbuy (2001) or ordersell (2002): the message and the limit it refers to. */
const limitFailure = (
  side: Side,
  name: 'order_price_min' | 'order_price_max' | 'order_amount_min',
  value: string,
) =>
  new AppError(
    name,
    { message: errorKey(name), value },
    side === 'buy' ? CODE.orderBuyLimit : CODE.orderSellLimit,
  );

/** A price or size as a plain decimal, as every other money field takes it: '00.1' is refused
 * there, so it is here. */
const positive = (value: string | undefined, scale: number): number | null => {
  // Not trimmed: " 10" is refused, as every other amount the exchange takes refuses it.
  if (value === undefined || !UNSIGNED_DECIMAL_RE.test(value)) return null;
  const n = parseExact(value, scale);
  return n !== null && n > 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
};

/** A field the order's type does not use: refused rather than ignored, so a client that meant a
 * market buy of an amount and sent a quantity too learns it, instead of getting the quantity. Only
 * a market buy is sized by an amount; a sell always sells a quantity. */
const unusedField = (input: OrderInput): 'price' | 'amount' | null => {
  if (input.type === 'market' && input.price !== undefined) return 'price';
  if (input.amount === undefined) return null;
  if (input.type === 'limit' || input.side === 'sell' || input.qty !== undefined) return 'amount';
  return null;
};

/**
 * Checks an order against its pair (spec §5): a limit order needs a price, within the band; sizes
 * must be positive and within the pair's precision (finer is refused, never rounded); what it
 * trades must reach the pair's minimum (quote units). A limit order is sized by a quantity; a
 * market buy by a quantity or an amount to spend, not both; a market sell by a quantity.
 */
export const validateOrder = (
  input: OrderInput,
  pair: PairSpec,
  units: PairUnits,
  ref: number,
  band: Band,
  minQuote: bigint,
): ValidOrder => {
  const { side, type } = input;
  const unused = unusedField(input);
  if (unused) throw new AppError('parameter_error', { field: unused });
  let price: number | null = null;
  if (type === 'limit') {
    if (input.price === undefined || input.price.trim() === '') throw new AppError('price_required');
    price = positive(input.price, pair.pricePrecision);
    if (price === null) throw new AppError('price_invalid');
    if (price < band.low)
      throw limitFailure(side, 'order_price_min', formatScaled(BigInt(band.low), pair.pricePrecision));
    if (price > band.high)
      throw limitFailure(side, 'order_price_max', formatScaled(BigInt(band.high), pair.pricePrecision));
  }
  const byAmount =
    type === 'market' && side === 'buy' && input.qty === undefined && input.amount !== undefined;
  let qty: number | null = null;
  let budget: bigint | null = null;
  // Said of the field the order is sized by: the form says it in one line under all of them.
  const size = byAmount ? input.amount : input.qty;
  if (size === undefined || size.trim() === '')
    throw new AppError(byAmount ? 'amount_required' : 'quantity_required');
  if (byAmount) {
    const a = positive(input.amount, ASSET_SCALE);
    if (a === null) throw new AppError('amount_invalid');
    budget = BigInt(a);
  } else {
    qty = positive(input.qty, pair.qtyPrecision);
    if (qty === null) throw new AppError('amount_invalid');
  }
  // Cost in ticks × lots must stay a safe integer for the book.
  const notionalTicks = qty === null ? null : BigInt(qty) * BigInt(price ?? band.high);
  if (notionalTicks !== null && notionalTicks > BigInt(Number.MAX_SAFE_INTEGER))
    throw new AppError('amount_invalid');
  const notional = budget ?? BigInt(qty!) * BigInt(price ?? ref) * units.perTickLot;
  if (notional < minQuote) {
    throw limitFailure(side, 'order_amount_min', `${plainUnits(minQuote)} ${pair.quote}`);
  }
  return { side, type, price, qty, budget };
};

/**
 * Whether an order sent again under a client order id is the order first placed with it: the same
 * pair, side, type and figures, however they are written ('0.1' is '0.10000'). Another order
 * under a used id is refused rather than answered with the first, which the client would take for
 * its new order placed.
 */
export const sameOrder = (first: SpotOrder, input: OrderInput & { pair: string }, pair: PairSpec) => {
  const sent = (value: string | undefined, scale: number) =>
    value === undefined ? null : (parseExact(value.trim(), scale) ?? 'unreadable');
  const held = (value: number | bigint | null) => (value === null ? null : BigInt(value));
  return (
    first.pair === input.pair &&
    first.side === input.side &&
    first.type === input.type &&
    sent(input.price, pair.pricePrecision) === held(first.price) &&
    sent(input.qty, pair.qtyPrecision) === held(first.qty) &&
    sent(input.amount, ASSET_SCALE) === held(first.budget)
  );
};
