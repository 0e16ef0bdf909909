import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/connect';
import { migrate } from './db/migrate';
import { credentialsBox, seedAccountsIfEmpty } from './db/seed/accounts';
import { seedIfEmpty } from './db/seed/seed';
import { seedFundsIfEmpty } from './db/seed/funds';
import { createLedger } from './domain/ledger/ledger';
import { buildApp } from './http/app';
import { scheduleCompaction } from './jobs/tickCompaction';
import { loadMarketConfig, type MarketConfig } from './market/config';
import { feedFromConfig } from './market/createFeed';
import { createMarket } from './market/market';

const SHUTDOWN_GRACE_MS = 10_000;

const readConfig = (): Config & { market: MarketConfig } => {
  try {
    return { ...loadConfig(), market: loadMarketConfig() };
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
};

const main = async () => {
  const config = readConfig();
  const db = openDb(config);
  await migrate(db);
  const seeded = await seedIfEmpty(db.kysely);
  // First start only: printed once to stdout, never logged, never written to a file.
  const credentials = await seedAccountsIfEmpty(db.kysely);
  if (credentials) process.stdout.write(`${credentialsBox(credentials)}\n`);
  const ledger = createLedger(db);
  await seedFundsIfEmpty(db, ledger);
  const onMarketError = (err: unknown) => app.log.error({ err }, 'market data');
  const market = createMarket({
    db: db.kysely,
    seed: config.market.feedSeed,
    feed: feedFromConfig(config.market, onMarketError),
    onError: onMarketError,
  });
  const app = await buildApp({ config, db, market, ledger });
  await market.start();
  const stopCompaction = scheduleCompaction(db.kysely, {
    rawRetentionMs: config.market.tickRawRetentionMs,
    onDone: (result) => app.log.info(result, 'ticks compacted'),
    onError: (err) => app.log.error({ err }, 'tick compaction'),
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
    // Let in-flight requests finish, but never hang forever on a stuck client.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      stopCompaction();
      await market.stop();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
