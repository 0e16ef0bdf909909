/**
 * Timed up/down contracts on the wire (spec §3 "features order", §4). Plain values and types only,
 * so the web app can take them without zod (the schemas are in contractsSchema.ts). Amounts are
 * decimal strings in the pair's settle coin; times are UTC milliseconds of the server clock.
 */

export const CONTRACT_DIRECTIONS = ['up', 'down'] as const;
export type ContractDirection = (typeof CONTRACT_DIRECTIONS)[number];

/** pending: in progress (countdown); closing: due and being settled; completed: settled. */
export const CONTRACT_STATUSES = ['pending', 'closing', 'completed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** How a settled contract ended: the direction was right, wrong, the price did not move (refund),
 * or no valid closing price was recorded (void, refund). */
export const CONTRACT_RESULTS = ['win', 'loss', 'tie', 'void'] as const;
export type ContractResult = (typeof CONTRACT_RESULTS)[number];

/** The list tabs: orders in progress (pending or closing) and settled ones. */
export const CONTRACT_LIST_STATES = ['open', 'settled'] as const;
export type ContractListState = (typeof CONTRACT_LIST_STATES)[number];

export const directionName = (d: ContractDirection) => `app.data.contract_${d}` as const;
export const statusName = (s: ContractStatus) => `app.data.contract_${s}` as const;
export const resultName = (r: ContractResult) => `app.data.contract_${r}` as const;

export const CONTRACT_PAGE_SIZE_MAX = 50;

/** One settlement period a pair offers: its length, the payout rate of a win (percent of the
 * amount, on top of the amount returned) and the amount limits. */
export interface ContractCycle {
  minutes: number;
  /** Percent with two decimals, `"85.00"`. */
  rate: string;
  min: string;
  max: string;
}

export interface ContractPairConfig {
  pair: string;
  /** Display name, `BTC/USDT`. */
  name: string;
  /** The coin amounts are in (the pair's settle coin). */
  asset: string;
  enabled: boolean;
  cycles: ContractCycle[];
}

/** `GET /api/contract/info`: what can be placed, and the translation keys of directions and
 * statuses (`directionname`, `statusname`, as the spec names them). */
export interface ContractInfo {
  pairs: ContractPairConfig[];
  directionname: Record<ContractDirection, string>;
  statusname: Record<ContractStatus, string>;
  resultname: Record<ContractResult, string>;
  /** The server clock when answered: countdowns run on server time. */
  serverTime: number;
}

/** The reference feeds the server records ticks from (server/market), each with a translated name;
 * a source not listed here is shown as recorded. */
export const TICK_SOURCES = ['simulator', 'binance'] as const;
export const tickSourceName = (source: string): string | null =>
  (TICK_SOURCES as readonly string[]).includes(source) ? `app.data.tick_${source}` : null;

/** A recorded reference tick, as the receipt shows it. */
export interface ContractTick {
  id: number;
  ts: number;
  price: string;
  source: string;
}

export interface ContractOrder {
  id: number;
  pair: string;
  name: string;
  asset: string;
  direction: ContractDirection;
  directionname: string;
  /** Cycle in minutes. */
  cycle: number;
  amount: string;
  /** Payout rate of a win, percent. */
  rate: string;
  /** What a win would earn on top of the amount (amount × rate). */
  expected: string;
  openAt: number;
  closeAt: number;
  openPrice: string;
  closePrice: string | null;
  status: ContractStatus;
  statusname: string;
  result: ContractResult | null;
  resultname: string | null;
  /** Credited at settlement: amount plus payout on a win, the amount on a refund, 0 on a loss. */
  payout: string | null;
  /** Profit (positive) or loss (negative) once settled. */
  profit: string | null;
  settledAt: number | null;
  /** The receipt: the recorded ticks the contract opened and settled on. */
  openTick: ContractTick;
  closeTick: ContractTick | null;
}

export interface ContractPage {
  list: ContractOrder[];
  page: number;
  size: number;
  total: number;
}

export interface ContractOrderRequest {
  pair: string;
  direction: ContractDirection;
  cycle: number;
  amount: string;
  /** The payout rate the reader was shown (the cycle's `rate`): a contract opens at that rate or
   * not at all (`rate_changed`). */
  rate: string;
  /** A key the client picks per intended order: a retried request answers the first result,
   * another order under it is refused (request_key_used). */
  requestKey: string;
}
