import { z } from 'zod';
import { ConfigError } from './config';
import type { Db } from './db/connect';
import { auditRepo } from './db/repos/audit';
import { contractStore, settingsStore, tickReader } from './db/repos/contracts';
import { readGlobalConfig } from './db/repos/siteConfig';
import type { RunInTx } from './domain/contracts/ports';
import { createContractService, type ContractService } from './domain/contracts/service';
import type { Ledger } from './domain/ledger/ledger';
import { createContractSweeper, type ContractSweeper } from './jobs/contractSweeper';
import { transact } from './db/transient';

const envSchema = z.object({
  /** Length of one cycle minute. Tests only: a short one makes a "1-minute" contract close in
   * seconds. The outcome still comes from the recorded ticks at open and close time. */
  CONTRACT_MINUTE_MS: z.coerce.number().int().min(1000).max(60_000).default(60_000),
  /** The newest tick must be at most this old to open a contract; else price_abnormal. Short: on an
   * older price a reader watching another market could bet on a move already made. */
  CONTRACT_OPEN_TICK_MAX_AGE_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** The closing tick may be at most this much older than the close time; else the contract is void. */
  CONTRACT_TICK_MAX_AGE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Settlement waits this long after a close time, for ticks recorded a moment late. */
  CONTRACT_SETTLE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
});

export interface ContractConfig {
  minuteMs: number;
  openTickMaxAgeMs: number;
  maxTickAgeMs: number;
  settleDelayMs: number;
}

export const DEFAULT_CONTRACT_CONFIG: ContractConfig = {
  minuteMs: 60_000,
  openTickMaxAgeMs: 2_000,
  maxTickAgeMs: 10_000,
  settleDelayMs: 250,
};

/** The contract settings of the environment, checked at start like the rest of the config. */
export const loadContractConfig = (env: NodeJS.ProcessEnv = process.env): ContractConfig => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    minuteMs: parsed.data.CONTRACT_MINUTE_MS,
    openTickMaxAgeMs: parsed.data.CONTRACT_OPEN_TICK_MAX_AGE_MS,
    maxTickAgeMs: parsed.data.CONTRACT_TICK_MAX_AGE_MS,
    settleDelayMs: parsed.data.CONTRACT_SETTLE_DELAY_MS,
  };
};

export interface Contracts {
  service: ContractService;
  sweeper: ContractSweeper;
}

/** Wires the contract rules and the settlement sweeper to the database, the ledger and the feed. */
export const buildContracts = (opts: {
  db: Db;
  ledger: Ledger;
  config?: ContractConfig;
  /** Writes buffered ticks to the tick store (the market's flush); nothing when absent. */
  syncFeed?: () => Promise<void>;
  now?: () => number;
  onError?: (err: unknown) => void;
}): Contracts => {
  const { db, ledger, config = DEFAULT_CONTRACT_CONFIG, now = Date.now } = opts;
  const syncFeed = opts.syncFeed ?? (() => Promise.resolve());
  const runInTx: RunInTx = (fn) =>
    transact(db.kysely, (trx) =>
      fn({
        contracts: contractStore(trx),
        ticks: tickReader(trx),
        post: (movements, at) => ledger.postIn(trx, movements, at),
      }),
    );
  const contracts = contractStore(db.kysely);
  const service = createContractService({
    runInTx,
    contracts,
    settings: settingsStore(db.kysely),
    ticks: tickReader(db.kysely),
    configureInTx: (fn) =>
      transact(db.kysely, (trx) => fn({ settings: settingsStore(trx), audit: auditRepo(trx) })),
    syncFeed,
    certificationRequired: async () => (await readGlobalConfig(db.kysely)).certification,
    announce: (entries) => ledger.announce(entries),
    now,
    minuteMs: config.minuteMs,
    openTickMaxAgeMs: config.openTickMaxAgeMs,
  });
  const sweeper = createContractSweeper({
    runInTx,
    contracts,
    syncFeed,
    onSettled: ({ settled, entries }) => {
      ledger.announce(entries);
      service.publish(settled);
    },
    settleDelayMs: config.settleDelayMs,
    maxTickAgeMs: config.maxTickAgeMs,
    now,
    ...(opts.onError ? { onError: opts.onError } : {}),
  });
  service.onChange((_userId, order) => {
    if (order.status === 'pending') sweeper.schedule(order.closeAt);
  });
  return { service, sweeper };
};
