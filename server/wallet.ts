import { z } from 'zod';
import { ConfigError } from './config';
import type { Db } from './db/connect';
import { readGlobalConfig } from './db/repos/siteConfig';
import { walletUnitOfWork } from './db/repos/wallet';
import { SEED_TRADER } from './db/seed/accounts';
import type { AccountService } from './domain/accounts';
import type { Ledger } from './domain/ledger/ledger';
import { createWallet, type Wallet } from './domain/wallet/service';
import { demoWatcher, type Timers } from './domain/wallet/watcher';

const walletEnvSchema = z.object({
  /** Seconds after which the demo account's deposits confirm by themselves; 0 turns demo mode off. */
  DEMO_DEPOSIT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
});

export interface WalletConfig {
  /** null: demo mode off, every deposit waits for the operator. */
  demoDepositDelayMs: number | null;
}

export const loadWalletConfig = (env: NodeJS.ProcessEnv = process.env): WalletConfig => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = walletEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const s = parsed.data.DEMO_DEPOSIT_DELAY_SECONDS;
  return { demoDepositDelayMs: s === 0 ? null : s * 1000 };
};

/** Wires the wallet rules to the database, the ledger, the account rules and the chain watcher:
 * the operator by default, plus demo confirmations for the demo account when configured. */
export const buildWallet = (opts: {
  db: Db;
  ledger: Ledger;
  accounts: AccountService;
  config?: WalletConfig;
  clock?: () => number;
  timers?: Timers;
  onError?: (err: unknown) => void;
}): Wallet => {
  const delayMs = opts.config?.demoDepositDelayMs ?? null;
  return createWallet({
    uow: walletUnitOfWork(opts.db, opts.ledger),
    announce: (entries) => opts.ledger.announce(entries),
    clock: opts.clock ?? Date.now,
    siteConfig: () => readGlobalConfig(opts.db.kysely),
    checkWithdrawPassword: (userId, password) => opts.accounts.checkWithdrawPassword(userId, password),
    ...(delayMs !== null
      ? {
          watcher: (settler) =>
            demoWatcher({
              settler,
              demoUsername: SEED_TRADER.username,
              delayMs,
              onError: opts.onError ?? ((err) => console.error(err)),
              ...(opts.timers ? { timers: opts.timers } : {}),
            }),
        }
      : {}),
  });
};
