import { z } from 'zod';
import { ConfigError } from '../config';

const symbolMap = z
  .string()
  .regex(/^([a-z0-9]+:[a-z0-9]+)(,[a-z0-9]+:[a-z0-9]+)*$/, 'must look like btcusdt:btcusdt,ethusdt:ethfdusd')
  .transform((s) => Object.fromEntries(s.split(',').map((pair) => pair.split(':') as [string, string])));

const marketEnvSchema = z.object({
  /** Where reference prices come from: the built-in simulator or Binance's public streams. */
  MARKET_FEED: z.enum(['simulator', 'binance']).default('simulator'),
  /** Base of the Binance combined-stream endpoint. */
  BINANCE_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'must start with ws:// or wss://')
    .default('wss://stream.binance.com:9443'),
  /** Our pair → Binance's symbol, where they differ (`btcusdt:btcfdusd`). */
  BINANCE_SYMBOLS: symbolMap.optional(),
  /** Seed of the chart history generated on first start and of the house's quote sizes; the live
   * simulated prices draw from the operating system's generator, which no seed sets. */
  FEED_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(20240501),
  /** Hours raw ticks are kept in full; older ones are thinned to the last tick of each minute. */
  TICK_RAW_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
});

export interface MarketConfig {
  feed: 'simulator' | 'binance';
  binanceWsUrl: string;
  binanceSymbols: Record<string, string>;
  feedSeed: number;
  tickRawRetentionMs: number;
}

/** The market's settings from the environment, checked at start like the rest of the config. */
export const loadMarketConfig = (env: NodeJS.ProcessEnv = process.env): MarketConfig => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = marketEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    feed: e.MARKET_FEED,
    binanceWsUrl: e.BINANCE_WS_URL,
    binanceSymbols: e.BINANCE_SYMBOLS ?? {},
    feedSeed: e.FEED_SEED,
    tickRawRetentionMs: e.TICK_RAW_RETENTION_HOURS * 3_600_000,
  };
};
