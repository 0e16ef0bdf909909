/**
 * Spot orders on the wire (issue 5). Plain values and types only, so the web app can take them
 * without zod (the schemas are in spotSchema.ts). Sizes, prices and amounts are decimal strings.
 */
import type { TradeSide } from './market';

export const ORDER_TYPES = ['limit', 'market'] as const;
export type SpotOrderType = (typeof ORDER_TYPES)[number];

/** Statuses as translation keys (spec §4: pending, completed, cancelled). */
export const ORDER_STATUS = {
  pending: 'app.data.order_pending',
  completed: 'app.data.order_completed',
  cancelled: 'app.data.order_cancelled',
} as const;
export type OrderStatusKey = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The record tabs of /orderList and its status filter; `deals`, the orders that traded at least
 * once whatever their status, is /dealList's. */
export const ORDER_TABS = ['open', 'all', 'history', 'deals'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_FILTERS = ['all', 'pending', 'completed', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
/** The statuses each tab holds: a filter by another status shows nothing there. */
export const TAB_STATUSES: Record<OrderTab, ReadonlyArray<Exclude<OrderFilter, 'all'>>> = {
  open: ['pending'],
  all: ['pending', 'completed', 'cancelled'],
  history: ['completed', 'cancelled'],
  deals: ['pending', 'completed', 'cancelled'],
};

/** A client order id: a retry with the same one answers the first result. */
export const CLIENT_OID_RE = /^[A-Za-z0-9_-]{1,40}$/;

export interface SpotOrderView {
  id: number;
  pair: string;
  side: TradeSide;
  type: SpotOrderType;
  /** Limit price; null for a market order. */
  price: string | null;
  /** Quantity ordered; null for a market buy given as an amount. */
  qty: string | null;
  /** Quote amount ordered (price × quantity, or the amount of a market buy); null for a market
   * order given as a quantity. */
  amount: string | null;
  filledQty: string;
  /** Deal amount: quote traded. */
  filledAmount: string;
  /** Deal price: average price of the fills; null before the first. */
  avgPrice: string | null;
  fee: string;
  /** The coin the fee was taken in: what the order receives. */
  feeAsset: string;
  status: OrderStatusKey;
  clientOid: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface SpotFill {
  id: number;
  price: string;
  qty: string;
  amount: string;
  fee: string;
  role: 'maker' | 'taker';
  ts: number;
}

export interface SpotOrderDetail extends SpotOrderView {
  fills: SpotFill[];
}

export interface SpotOrderPage {
  list: SpotOrderView[];
  page: number;
  size: number;
  total: number;
}

/** What the trade screen needs of a pair beyond its precisions. */
export interface SpotPairRules {
  pair: string;
  enabled: boolean;
  /** Minimum order amount in the quote coin. */
  minAmount: string;
  makerFee: string;
  takerFee: string;
  /** Limit prices and market fills stay within this fraction of the reference price. */
  band: string;
}
