import { Decimal } from '../../components/decimal';
import type { PairInfo } from '../../../protocol/market';
import type { SpotOrderType, SpotPairRules } from '../../../protocol/spot';
import { scaleOf } from '../../../protocol/decimal';
import { canonicalDecimal, isReadableDecimal } from '../../components/form/decimalInput';

export type Side = 'buy' | 'sell';

/** The figure the reader sized the order by: the other one follows it when the price moves, as on
 * any exchange (a price typed after 50 % of the USDT buys what that share affords, instead of
 * wiping the share for the empty quantity). */
export type SizeLead = 'qty' | 'amount';

export interface OrderFormState {
  side: Side;
  type: SpotOrderType;
  price: string;
  qty: string;
  /** Quote amount: price × quantity of a limit order, or what a market buy spends. */
  amount: string;
  lead: SizeLead;
  /** The quote amount the reader chose (typed, or a share of the balance) while it leads. Kept
   * apart from `amount`, which shows what the whole lots it buys cost: each new price is applied to
   * the figure chosen, not to the last one rounded down to lots, which shrank at every keystroke. */
  budget: string;
}

export type OrderField = 'price' | 'qty' | 'amount';

/** What the server says of a field it cannot read as a number, and so the form, as it is typed and
 * on sending. */
export const UNREADABLE: Record<OrderField, string> = {
  price: 'app.msg.price_invalid',
  qty: 'app.msg.amount_invalid',
  amount: 'app.msg.amount_invalid',
};

/** A problem with the form: an `app.msg.*` key; for the limit failures, the limit (shown after the
 * message, as the server's 2001/2002 answers are); the field it is about, when it is one field's;
 * the places a figure finer than its field's is allowed; `atField` when the field itself already
 * says it (DecimalField), so the form's line does not say it twice. */
interface FormProblem {
  message: string;
  value?: string;
  field?: OrderField;
  places?: number;
  atField?: boolean;
}

/** The places each field of a pair's order takes (DecimalField's `places`). */
export const fieldPlaces = (pair: PairInfo): Record<OrderField, number> => ({
  price: pair.pricePrecision,
  qty: pair.qtyPrecision,
  amount: amountDigits(pair),
});

export const PERCENTS = [25, 50, 75, 100] as const;

/** Quote amounts are shown to the price's precision. */
export const amountDigits = (pair: PairInfo) => pair.pricePrecision;

// Only digits with a point: decimal.js reads "1e5" and "0x10" too, which no field means.
const dec = (s: string): Decimal | null => {
  if (s === '' || s === '.' || !isReadableDecimal(s)) return null;
  try {
    return new Decimal(s);
  } catch {
    return null;
  }
};

/** Limit order: the amount from price and quantity, exactly: what the server freezes and spends
 * (price digits plus quantity digits at most, never rounded to look shorter). */
export const amountFrom = (price: string, qty: string): string => {
  const p = dec(price);
  const q = dec(qty);
  return p && q ? p.times(q).toFixed() : '';
};

/** Limit order: the quantity an amount buys at a price, rounded down to the lot. */
const qtyFrom = (amount: string, price: string, pair: PairInfo): string => {
  const a = dec(amount);
  const p = dec(price);
  return a && p && p.gt(0) ? a.div(p).toDecimalPlaces(pair.qtyPrecision, Decimal.ROUND_DOWN).toFixed() : '';
};

/** No size: a new pair or side, an order just placed, or a buy's quantity on a change of type
 * (`withType`). */
export const NO_SIZE = {
  qty: '',
  amount: '',
  lead: 'qty',
  budget: '',
} as const satisfies Partial<OrderFormState>;

/** A limit order's new price, typed or tapped in the book: the figure the reader chose stays and the
 * other follows it. A market order's size does not depend on the price it keeps for later. */
export const withPrice = (state: OrderFormState, price: string, pair: PairInfo): Partial<OrderFormState> => {
  if (state.type !== 'limit') return { price };
  if (state.lead === 'qty') return { price, amount: amountFrom(price, state.qty) };
  const qty = qtyFrom(state.budget, price, pair);
  return { price, qty, amount: qty ? amountFrom(price, qty) : state.budget };
};

/** A quantity typed: the order is now sized by it. */
export const withQty = (state: OrderFormState, qty: string): Partial<OrderFormState> => ({
  qty,
  lead: 'qty',
  budget: '',
  amount: state.type === 'limit' ? amountFrom(state.price, qty) : state.amount,
});

/** An amount typed: the order is now sized by it, and a limit order buys the whole lots it affords. */
export const withAmount = (
  state: OrderFormState,
  amount: string,
  pair: PairInfo,
): Partial<OrderFormState> => ({
  amount,
  lead: 'amount',
  budget: amount,
  qty: state.type === 'limit' ? qtyFrom(amount, state.price, pair) : state.qty,
});

/** The other order type, keeping the size where it means the same in both. A sell sells its
 * quantity at either. A buy keeps the amount the reader chose to spend (typed, or a share of the
 * balance): a market buy spends it, a limit buy buys the whole lots it affords at the price. A
 * buy's quantity is dropped, not turned into an amount at the limit price: a market buy is sized
 * by what it spends, so a quantity carried over as a spend would buy a different quantity at
 * whatever the market gives, under a figure the reader never chose. */
export const withType = (
  state: OrderFormState,
  type: SpotOrderType,
  pair: PairInfo,
): Partial<OrderFormState> => {
  if (state.side === 'sell') return { type, ...withQty({ ...state, type, amount: '' }, state.qty) };
  if (state.lead !== 'amount') return { type, ...NO_SIZE };
  const spend = { ...state, type, qty: '', amount: state.budget };
  return { type, qty: '', amount: state.budget, ...withPrice(spend, state.price, pair) };
};

/** What a share of the available balance fills in: the quantity to sell, the amount a market buy
 * spends, or the quantity a limit buy can afford at its price. */
export const fromPercent = (
  pct: number,
  state: OrderFormState,
  available: string,
  pair: PairInfo,
): Partial<OrderFormState> => {
  const share = new Decimal(available || '0').times(pct).div(100);
  if (state.side === 'sell') {
    const qty = share.toDecimalPlaces(pair.qtyPrecision, Decimal.ROUND_DOWN).toFixed();
    return withQty(state, qty);
  }
  // A share of the quote coin is an amount chosen: the lots it affords at the price, and what they
  // cost exactly, or the share itself until there is a price.
  const amount = share.toDecimalPlaces(amountDigits(pair), Decimal.ROUND_DOWN).toFixed();
  const sized = { ...state, lead: 'amount', budget: amount } as const;
  return { amount, qty: '', lead: 'amount', budget: amount, ...withPrice(sized, state.price, pair) };
};

/**
 * The same rules the server applies (spec §5), checked before sending: the pair must be open to
 * orders; a limit order needs a price; sizes must be positive; the amount must reach the pair's
 * minimum and the balance, when it is known (else the server says). `refPrice` values a market
 * sell against the minimum.
 */
export const formProblem = (
  state: OrderFormState,
  pair: PairInfo,
  rules: SpotPairRules | undefined,
  available: string | undefined,
  refPrice: string | undefined,
): FormProblem | null => {
  // A pair closed to new orders takes none, whatever is typed.
  if (rules && !rules.enabled) return { message: 'app.msg.spot_not_enabled' };
  const byAmount = state.type === 'market' && state.side === 'buy';
  // Text that is no number is what is wrong with its field, whatever the other fields hold.
  const shown: OrderField[] =
    state.type === 'limit' ? ['price', 'qty', 'amount'] : [byAmount ? 'amount' : 'qty'];
  const unreadable = shown.find((field) => !isReadableDecimal(state[field].trim()));
  if (unreadable) return { message: UNREADABLE[unreadable], field: unreadable, atField: true };
  // A figure pasted finer than its field takes is kept as pasted, for the reader to put right, and
  // never sent: the server refuses a finer price or quantity, and would take a market buy's amount
  // to the ledger's places. The amount chosen is the budget: the one shown may be what the lots it
  // buys cost, which can be finer.
  const taken = fieldPlaces(pair);
  const chosen = (field: OrderField) => (field === 'amount' ? state.budget : state[field]);
  const tooFine = shown.find((field) => scaleOf(chosen(field)) > taken[field]);
  if (tooFine)
    return {
      message: 'app.msg.decimal_places',
      field: tooFine,
      places: taken[tooFine],
      atField: state[tooFine] === chosen(tooFine),
    };
  const price = dec(state.price);
  if (state.type === 'limit') {
    if (state.price.trim() === '') return { message: 'app.msg.price_required', field: 'price' };
    if (!price || price.lte(0)) return { message: 'app.msg.price_invalid', field: 'price' };
  }
  const sizeField = byAmount ? 'amount' : 'qty';
  const typed = state[sizeField];
  if (typed.trim() === '')
    return { message: byAmount ? 'app.msg.amount_required' : 'app.msg.quantity_required', field: sizeField };
  const size = dec(typed);
  // A share of nothing, or of less than the field's least step (dust a sale of it all leaves: less
  // than a lot, or than a market buy's last place), fills in 0: what is wrong is the balance, not
  // the figure. A limit buy's quantity is paid in the quote coin (its amount chosen is said below).
  const places = byAmount ? amountDigits(pair) : state.side === 'sell' ? pair.qtyPrecision : undefined;
  const held = new Decimal(available || '0');
  const tooLittle = places === undefined ? held.lte(0) : held.lt(new Decimal(10).pow(-places));
  if (size?.isZero() && available !== undefined && tooLittle)
    return { message: 'app.msg.insufficient_balance' };
  // An amount chosen that buys no whole lot at the limit is too small, not invalid: said as the
  // server's minimum is, with the least that buys an order, which is one lot when that costs more
  // than the pair's minimum (or is all the form knows before the rules come).
  const budget = dec(state.budget);
  if (size?.isZero() && state.type === 'limit' && state.lead === 'amount' && budget?.gt(0)) {
    const lot = price!.times(new Decimal(10).pow(-pair.qtyPrecision));
    const least = Decimal.max(rules?.minAmount ?? 0, lot);
    return { message: 'app.msg.order_amount_min', value: `${least.toFixed()} ${pair.quote}` };
  }
  if (!size || size.lte(0)) return { message: 'app.msg.amount_invalid', field: sizeField };
  const notional = byAmount
    ? size
    : state.type === 'limit'
      ? size.times(price!)
      : refPrice
        ? size.times(refPrice)
        : null;
  if (rules && notional && notional.lt(rules.minAmount)) {
    return { message: 'app.msg.order_amount_min', value: `${rules.minAmount} ${pair.quote}` };
  }
  const cost = state.side === 'sell' ? size : notional;
  if (cost && available !== undefined && cost.gt(available || '0'))
    return { message: 'app.msg.insufficient_balance' };
  return null;
};

/** The request body: only the fields the order type uses. */
export const toRequest = (state: OrderFormState, pair: string, clientOid: string) => {
  const [price, qty, amount] = [
    canonicalDecimal(state.price),
    canonicalDecimal(state.qty),
    canonicalDecimal(state.amount),
  ];
  if (state.type === 'limit') return { pair, type: state.type, price, qty, clientOid };
  if (state.side === 'buy') return { pair, type: state.type, amount, clientOid };
  return { pair, type: state.type, qty, clientOid };
};
