import { z } from 'zod';
import { ConfigError } from '../config';
import { parseExact } from '../domain/money/scaled';

/** A fraction as a decimal string (`0.001` = 0.1 %), kept as parts per million. */
const fraction = (max: string) =>
  z
    .string()
    .regex(/^0(\.\d{1,6})?$|^1(\.0{1,6})?$/, 'must be a decimal fraction with at most 6 places')
    .transform((s) => parseExact(s, 6)!)
    .refine((ppm) => ppm <= parseExact(max, 6)!, `must not exceed ${max}`);

const spotEnvSchema = z.object({
  /** Fee of the order that rested (maker) and of the order that took it (taker), of what each receives. */
  SPOT_MAKER_FEE: fraction('0.1').prefault('0.001'),
  SPOT_TAKER_FEE: fraction('0.1').prefault('0.001'),
  /** Limit prices and market fills stay within this fraction of the reference price. */
  SPOT_PRICE_BAND: fraction('0.5').prefault('0.05'),
  /** A reference price older than this refuses new orders (price abnormal). */
  SPOT_PRICE_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Levels the house quotes on each side, and how often at most it requotes a pair. */
  SPOT_HOUSE_LEVELS: z.coerce.number().int().min(0).max(50).default(10),
  SPOT_REQUOTE_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});

export interface SpotConfig {
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  bandPpm: bigint;
  staleMs: number;
  houseLevels: number;
  /** Gap between house levels, hundredths of a percent. */
  houseStepBp: number;
  requoteMs: number;
}

export const DEFAULT_SPOT_CONFIG: SpotConfig = {
  makerFeePpm: 1000n,
  takerFeePpm: 1000n,
  bandPpm: 50_000n,
  staleMs: 30_000,
  houseLevels: 10,
  houseStepBp: 2,
  requoteMs: 1000,
};

/** Spot settings from the environment, checked at start like the rest of the config. */
export const loadSpotConfig = (env: NodeJS.ProcessEnv = process.env): SpotConfig => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = spotEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...DEFAULT_SPOT_CONFIG,
    makerFeePpm: e.SPOT_MAKER_FEE,
    takerFeePpm: e.SPOT_TAKER_FEE,
    bandPpm: e.SPOT_PRICE_BAND,
    staleMs: e.SPOT_PRICE_STALE_SECONDS * 1000,
    houseLevels: e.SPOT_HOUSE_LEVELS,
    requoteMs: e.SPOT_REQUOTE_MS,
  };
};
