export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** Spot order statuses (spec §4): resting or partly filled, fully done, or ended early. */
export type OrderStatus = 'pending' | 'completed' | 'cancelled';

/** What the engine needs of a pair: its coins and precisions. */
export interface PairSpec {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  qtyPrecision: number;
}

/** One order and its progress. Prices are ticks and sizes lots of the pair (safe integers); money
 * is in ledger units (10^-8, bigint). */
export interface SpotOrder {
  id: number;
  userId: number;
  pair: string;
  side: Side;
  type: OrderType;
  /** Limit price; null for a market order. */
  price: number | null;
  /** Size ordered; null for a market buy given as an amount to spend. */
  qty: number | null;
  /** Quote to spend (a market buy by amount), else null. */
  budget: bigint | null;
  filledQty: number;
  /** Quote traded so far (the deal amount). */
  filledQuote: bigint;
  /** Fees paid so far, in the coin received (base for a buy, quote for a sell). */
  fee: bigint;
  /** Funds still frozen for it (quote for a buy, base for a sell). */
  frozen: bigint;
  status: OrderStatus;
  clientOid: string | null;
  /** The reference its ledger movements carry (`order:<id>`), made once: the engine names it on
   * every freeze, fill and release, and building the string each time was an eighth of its work. */
  ref: string;
  createdAt: number;
  updatedAt: number;
}

export interface SpotTrade {
  id: number;
  pair: string;
  price: number;
  qty: number;
  /** price × qty in ledger units of the quote coin. */
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: bigint;
  takerFee: bigint;
  ts: number;
}

/** Fee rates in parts per million of what the payer receives (1000 = 0.1 %). */
export interface FeeRates {
  makerPpm: bigint;
  takerPpm: bigint;
}
