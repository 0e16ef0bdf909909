import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { passwordProblem } from '../protocol/accountRules';

/** An address or a CIDR block, IPv4 or IPv6. */
const isAddressOrBlock = (text: string) => {
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * The proxies in front of the server whose X-Forwarded-For is believed: `false` (or 0) none, a
 * count of proxies (1 for one nginx), or their addresses and blocks, comma-separated. `true`, which
 * believed every hop, is refused: a client writes its own X-Forwarded-For, so every address-based
 * limit would count whatever it wrote.
 */
const trustProxy = z
  .string()
  .refine(
    (v) => v !== 'true',
    'true would believe any client: give the number of proxies (1 for one) or their addresses',
  )
  .refine(
    (v) => v === 'false' || /^\d{1,2}$/.test(v) || v.split(',').every((p) => isAddressOrBlock(p.trim())),
    'false, a number of proxies, or their addresses or blocks, comma-separated',
  )
  .transform((v): false | number | string[] => {
    if (v === 'false' || v === '0') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    return v.split(',').map((p) => p.trim());
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** How long a start waits for a database that cannot be reached yet before it gives up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  DATA_DIR: z.string().min(1).default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute on /api per signed-in account, and per address for callers not signed in. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests per minute on /api per client address, whoever makes them: room for the many accounts
   * behind one carrier's shared address. Ten times RATE_LIMIT_PER_MINUTE when unset. */
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** WebSocket connections one client address may hold open at once. */
  WS_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /** TCP connections (keep-alive HTTP and WebSockets alike) one peer address may hold open at once
   * (server/http/connectionCap.ts). 256 holds a browser's six connections to a host and its socket
   * for some thirty phones behind one carrier's shared address, above the 100 sockets
   * WS_CONNECTIONS_PER_ADDRESS allows, and above the 100 keep-alive connections the HTTP benchmarks
   * open from loopback (bench/spotHttp.ts, httpFloor.ts; http.ts opens 32). The gateway's fan-out
   * benchmark, 5 000 sockets from loopback, raises it as it raises WS_CONNECTIONS_PER_ADDRESS
   * (bench/serverProcess.ts). */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
  /** Directory of the built web app. */
  WEB_ROOT: z.string().min(1).default('dist'),
  TRUST_PROXY: trustProxy.default(false),
  /** Lifetime of a login session, in hours. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  /** Lifetime of an operator's session, in hours (at most a week). */
  OPERATOR_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** Verification codes one email address or phone number may receive per UTC day. */
  CODE_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  /** smtp:// or smtps:// URL of a mail server for verification codes; without it codes go to the
   * outbox table (the embedded sender), and the log says only that one went. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender address of verification-code mails. */
  SMTP_FROM: z.string().min(3).default('no-reply@localhost'),
  /** First start only (the server's or the operator CLI's): the demo trader's password instead of
   * a random one, under the same rules as any password. */
  DEMO_PASSWORD: z
    .string()
    .refine(
      (p) => passwordProblem(p) === null,
      '6 to 20 letters, digits or - * / + . ~ ! @ # $ % ^ & ( ), with a letter and a digit',
    )
    .optional(),
  /** Staking's test clock (server/staking/testClock.ts): a switch, so a word it does not know is
   * refused rather than read as off. */
  DEFI_TEST_CLOCK: z.enum(['true', 'false', '1', '0'], 'true or false').optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseWaitMs: number;
  dataDir: string;
  sqliteFile: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimitPerMinute: number;
  rateLimitPerAddressPerMinute: number;
  wsConnectionsPerAddress: number;
  connectionsPerAddress: number;
  webRoot: string;
  /** Whose X-Forwarded-For to believe: no one, the nearest `n` proxies, or these addresses. */
  trustProxy: false | number | string[];
  sessionTtlHours: number;
  operatorSessionTtlHours: number;
  codeDailyLimit: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  demoPassword: string | undefined;
};

export class ConfigError extends Error {}

/** The variable that named the database, as a message about it names it: where it points, never
 * DATABASE_URL's password. */
export const databaseVariable = (config: Pick<Config, 'databaseUrl' | 'sqliteFile'>) => {
  if (!config.databaseUrl) return `DATA_DIR (${config.sqliteFile})`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    url.search = '';
    return `DATABASE_URL (${url.href})`;
  } catch {
    return 'DATABASE_URL';
  }
};

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
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    dataDir,
    sqliteFile: path.join(dataDir, 'exchange.db'),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitPerAddressPerMinute: e.RATE_LIMIT_PER_ADDRESS_PER_MINUTE ?? e.RATE_LIMIT_PER_MINUTE * 10,
    wsConnectionsPerAddress: e.WS_CONNECTIONS_PER_ADDRESS,
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    webRoot: path.resolve(e.WEB_ROOT),
    trustProxy: e.TRUST_PROXY,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    operatorSessionTtlHours: e.OPERATOR_SESSION_TTL_HOURS,
    codeDailyLimit: e.CODE_DAILY_LIMIT,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    demoPassword: e.DEMO_PASSWORD,
  };
};
