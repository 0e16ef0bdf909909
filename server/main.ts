import { ConfigError, databaseVariable, loadConfig, type Config } from './config';
import { openDb } from './db/connect';
import { migrate } from './db/migrate';
import { firstConnection } from './db/firstConnection';
import { outageLog } from './db/outageLog';
import { isUnreachable, reasonOf } from './db/unreachable';
import { runShutdown, type ShutdownStep } from './shutdown';
import { credentialsBox, seedAccountsIfEmpty } from './db/seed/accounts';
import { seedIfEmpty } from './db/seed/seed';
import { seedFundsIfEmpty } from './db/seed/funds';
import { createLedger } from './domain/ledger/ledger';
import { buildApp } from './http/app';
import { scheduleCompaction } from './jobs/tickCompaction';
import { loadMarketConfig, type MarketConfig } from './market/config';
import { feedFromConfig } from './market/createFeed';
import { createMarket } from './market/market';
import { buildContracts, loadContractConfig, type ContractConfig } from './contracts';
import { seedContractsIfEmpty } from './db/seed/contracts';
import { seedWalletIfEmpty } from './db/seed/wallet';
import { seedDefiIfEmpty } from './db/seed/defi';
import { seedHelpIfEmpty } from './db/seed/help';
import { scheduleAccrual } from './jobs/defiAccrual';
import { createStaking } from './staking/service';
import { stakingClock, testClockEnabled } from './staking/testClock';
import { buildWallet, loadWalletConfig, type WalletConfig } from './wallet';
import { loadSpotConfig, type SpotConfig } from './spot/config';
import { createSpotThread } from './spot/thread/remote';

const SHUTDOWN_GRACE_MS = 10_000;

const readConfig = (): Config & {
  market: MarketConfig;
  contracts: ContractConfig;
  wallet: WalletConfig;
  spot: SpotConfig;
} => {
  try {
    return {
      ...loadConfig(),
      market: loadMarketConfig(),
      contracts: loadContractConfig(),
      wallet: loadWalletConfig(),
      spot: loadSpotConfig(),
    };
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
};

/** A start-up step that failed for a place the environment named (the data folder, the address to
 * listen on): said with the variable and exit code 1, as a bad value is, not as a fault's stack. */
const stopFor = (variables: string, err: unknown): never => {
  console.error(`Cannot start: ${variables}: ${reasonOf(err)}`);
  process.exit(1);
};

const main = async () => {
  const config = readConfig();
  const database = databaseVariable(config);
  let db: ReturnType<typeof openDb>;
  try {
    db = openDb(config, {
      backgroundCheckpoints: (message) => app.log.error({ message }, 'database checkpoint'),
    });
  } catch (err) {
    return stopFor(database, err);
  }
  // PostgreSQL started beside the server may not take connections yet: waited for, a line for
  // each attempt, and then one line naming DATABASE_URL rather than a stack from `migrate`.
  try {
    await firstConnection(db, {
      forMs: config.databaseWaitMs,
      onRetry: (err, attempt, nextInMs) =>
        console.error(
          `Waiting for the database, ${database}: ${reasonOf(err)} (attempt ${attempt}, again in ${nextInMs} ms)`,
        ),
    });
  } catch (err) {
    return stopFor(database, err);
  }
  let seeded: boolean;
  let ledger: ReturnType<typeof createLedger>;
  try {
    await migrate(db);
    seeded = await seedIfEmpty(db.kysely);
    await seedContractsIfEmpty(db.kysely);
    await seedWalletIfEmpty(db.kysely);
    await seedDefiIfEmpty(db.kysely);
    await seedHelpIfEmpty(db.kysely);
    // First start only: printed once to stdout, never logged, never written to a file.
    const credentials = await seedAccountsIfEmpty(db.kysely, { traderPassword: config.demoPassword });
    if (credentials) process.stdout.write(`${credentialsBox(credentials)}\n`);
    ledger = createLedger(db);
    await seedFundsIfEmpty(db, ledger);
  } catch (err) {
    // Lost between the first connection and here: said as at the first, not as a fault.
    if (isUnreachable(err)) return stopFor(database, err);
    throw err;
  }
  // The background rounds' failures: a database that cannot be reached is a warning every few
  // seconds, whichever round met it, rather than a stack from each round while it is down.
  const failures = outageLog({
    warn: (obj, msg) => app.log.warn(obj, msg),
    error: (obj, msg) => app.log.error(obj, msg),
  });
  const onMarketError = (err: unknown) => failures(err, 'market data');
  // The spot books, rebuilt from the open orders, are the market's depth and prints.
  const spot = createSpotThread({
    db,
    ledger,
    database: { databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile },
    config: config.spot,
    seed: config.market.feedSeed,
    onError: (err) => failures(err, 'spot engine'),
  });
  await spot.start();
  const market = createMarket({
    db: db.kysely,
    seed: config.market.feedSeed,
    feed: feedFromConfig(config.market, onMarketError),
    onError: onMarketError,
    book: spot,
  });
  const contracts = buildContracts({
    db,
    ledger,
    config: config.contracts,
    syncFeed: () => market.flush(),
    onError: (err) => failures(err, 'contract settlement'),
  });
  const defiTestClock = testClockEnabled();
  const staking = createStaking({
    db,
    ledger,
    clock: stakingClock(db.kysely, defiTestClock),
    onError: (err, pledgeId) => failures(err, 'staking accrual', { pledgeId }),
  });
  const app = await buildApp({
    config,
    staking,
    db,
    market,
    ledger,
    contracts: contracts.service,
    spot,
    // Deposits confirmed and withdrawals approved on the operator CLI reach the user live.
    journalTailMs: 1000,
    contractSettingsMs: 2000,
    // A chat: a reply reaches the reader's tabs within a fifth of a second, whichever process
    // wrote it (the operator CLI is another). A round is one indexed read past the last id.
    serviceTailMs: 200,
    wallet: (accounts) =>
      buildWallet({
        db,
        ledger,
        accounts,
        config: config.wallet,
        onError: (err) => failures(err, 'deposit watcher'),
      }),
  });
  await market.start();
  // Whatever closed while the server was down is settled now, from the recorded ticks.
  await contracts.sweeper.start();
  if (defiTestClock) app.log.warn('DEFI_TEST_CLOCK is on: the staking clock can be advanced from the CLI');
  // Play money on by default, for trying the app out: said at every start, since an exchange that
  // holds real funds must turn it off (the demo trader's balance trades with real users).
  if (config.wallet.demoDepositDelayMs !== null)
    app.log.warn(
      { seconds: config.wallet.demoDepositDelayMs / 1000 },
      "demo mode: the demo trader's deposits are credited by themselves, with no chain behind them; set DEMO_DEPOSIT_DELAY_SECONDS=0 (or lock the demo trader) on an exchange that holds real funds",
    );
  // Income that fell due while the server was down is released now, then every minute.
  const stopAccrual = scheduleAccrual(staking, {
    onDone: (result) => app.log.info(result, 'staking income released'),
    onError: (err) => failures(err, 'staking accrual'),
  });
  const stopCompaction = scheduleCompaction(db.kysely, {
    rawRetentionMs: config.market.tickRawRetentionMs,
    onDone: (result) => app.log.info(result, 'ticks compacted'),
    onError: (err) => failures(err, 'tick compaction'),
  });
  app.log.info(
    { engine: db.engine, seeded, file: db.engine === 'sqlite' ? config.sqliteFile : undefined },
    'database ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Let in-flight requests finish, but never hang forever on a stuck client. The timer holds the
    // process open: with HTTP closed, a step waiting on a thread that holds nothing (the log's
    // flusher) let the process run out of work and end before the database was closed.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    // Each step is attempted whatever became of the ones before (the database may be down and
    // the market unable to write its last ticks); any failure makes the exit code 1.
    const steps: ShutdownStep[] = [
      ['http', () => app.close()],
      ['contract sweeper', () => contracts.sweeper.stop()],
      ['staking accrual', stopAccrual],
      ['tick compaction', stopCompaction],
      ['market', () => market.stop()],
      ['spot engine', () => spot.stop()],
      ['database', () => db.close()],
    ];
    const failed: string[] = [];
    await runShutdown(steps, (step, err) => {
      failed.push(step);
      app.log.error({ err, step }, 'shutdown step failed');
    });
    app.log.info({ failed }, 'shutdown finished');
    process.exit(failed.length === 0 ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Nothing has been answered yet; what the books wrote at start is committed.
    stopFor(`HOST / PORT (${config.host}:${config.port})`, err);
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
