/** One reference price: the only input the engines settle on (ARCHITECTURE §8). `price` and `qty`
 * are integers at the pair's precisions. */
export interface Tick {
  pair: string;
  ts: number;
  price: bigint;
  qty: bigint;
  source: string;
}

/** A source of reference ticks: the simulator, or a real exchange's public stream. */
export interface PriceFeed {
  readonly source: string;
  start(onTick: (tick: Tick) => void): void;
  stop(): Promise<void>;
}
