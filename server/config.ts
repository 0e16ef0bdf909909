import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address on /api. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Directory of the built web app. */
  WEB_ROOT: z.string().min(1).default('dist'),
  TRUST_PROXY: flag.default(false),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sqliteFile: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimitPerMinute: number;
  webRoot: string;
  trustProxy: boolean;
};

export class ConfigError extends Error {}

/** Reads and checks the environment once at start; a bad value stops the process with a message
 * that names the variable, rather than failing later in some request. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sqliteFile: path.join(dataDir, 'exchange.db'),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webRoot: path.resolve(e.WEB_ROOT),
    trustProxy: e.TRUST_PROXY,
  };
};
