import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/connect';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { buildApp } from './http/app';

const SHUTDOWN_GRACE_MS = 10_000;

const readConfig = (): Config => {
  try {
    return loadConfig();
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
  const app = await buildApp({ config, db });
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
