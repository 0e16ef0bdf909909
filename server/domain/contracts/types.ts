import type { ContractDirection, ContractResult, ContractStatus } from '../../../protocol';

/** One cycle a pair offers. Amounts in 10^-8 units of the pair's settle coin; the rate in basis
 * points (8000 = 80 %) so every payout is integer arithmetic. */
export interface CycleSettings {
  minutes: number;
  rateBp: number;
  min: bigint;
  max: bigint;
}

/** A listed pair with its contract settings. */
export interface PairSettings {
  pair: string;
  name: string;
  /** The settle coin: what amounts are paid in. */
  asset: string;
  enabled: boolean;
  cycles: CycleSettings[];
}

/** A recorded reference tick (the `ticks` table), the only input a settlement reads. */
export interface RefTick {
  id: number;
  ts: number;
  price: string;
  source: string;
}

export interface ContractRecord {
  id: number;
  userId: number;
  requestKey: string;
  pair: string;
  asset: string;
  direction: ContractDirection;
  cycleMinutes: number;
  rateBp: number;
  amount: bigint;
  status: ContractStatus;
  result: ContractResult | null;
  payout: bigint | null;
  openAt: number;
  closeAt: number;
  openTick: RefTick;
  closeTick: RefTick | null;
  settledAt: number | null;
}

export type NewContract = Omit<
  ContractRecord,
  'id' | 'status' | 'result' | 'payout' | 'closeTick' | 'settledAt'
>;

/** What a settlement writes: the outcome, the credit and the closing tick (null when void). */
export interface Settlement {
  result: ContractResult;
  payout: bigint;
  closeTick: RefTick | null;
  settledAt: number;
}
