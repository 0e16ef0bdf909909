import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect';
import * as m001 from './migrations/001_content';
import * as m002 from './migrations/002_market';
import * as m003 from './migrations/003_accounts';
import * as m004 from './migrations/004_ledger';
import * as m005 from './migrations/005_spot';
import * as m006 from './migrations/006_contracts';
import * as m007 from './migrations/007_wallet';
import * as m008 from './migrations/008_staking';
import * as m009 from './migrations/009_lean_writes';
import * as m010 from './migrations/010_user_index_tail';
import * as m011 from './migrations/011_auth_epoch';
import * as m012 from './migrations/012_phone_key';
import * as m013 from './migrations/013_deposit_received';
import * as m014 from './migrations/014_deposit_tx_hash';
import * as m015 from './migrations/015_address_memo';
import * as m016 from './migrations/016_deposit_addresses';
import * as m017 from './migrations/017_network_decimals';
import * as m018 from './migrations/018_owner_index_mark';
import * as m019 from './migrations/019_listed_owner';
import * as m020 from './migrations/020_journal_outside';
import * as m021 from './migrations/021_owner_index_file';
import * as m022 from './migrations/022_owner_index_back';
import * as m023 from './migrations/023_request_keys';
import * as m024 from './migrations/024_journal_bigint';
import * as m025 from './migrations/025_pledge_income_reserved';
import * as m026 from './migrations/026_deposit_tx_hash_claims';
import * as m027 from './migrations/027_document_number_unique';
import * as m028 from './migrations/028_code_tickets';
import * as m029 from './migrations/029_nickname_key';
import * as m030 from './migrations/030_nickname_skeleton';
import * as m031 from './migrations/031_content_slug';
import * as m032 from './migrations/032_nickname_folded_skeleton';
import * as m033 from './migrations/033_list_indexes';
import type { MigrationFn } from './migrations/helpers';

/** Versioned migrations, in order. A new one is appended here with the next number; applied ones
 * are never edited. */
const MIGRATIONS: Record<string, { up: MigrationFn }> = {
  '001_content': m001,
  '002_market': m002,
  '003_accounts': m003,
  '004_ledger': m004,
  '005_spot': m005,
  '006_contracts': m006,
  '007_wallet': m007,
  '008_staking': m008,
  '009_lean_writes': m009,
  '010_user_index_tail': m010,
  '011_auth_epoch': m011,
  '012_phone_key': m012,
  '013_deposit_received': m013,
  '014_deposit_tx_hash': m014,
  '015_address_memo': m015,
  '016_deposit_addresses': m016,
  '017_network_decimals': m017,
  '018_owner_index_mark': m018,
  '019_listed_owner': m019,
  '020_journal_outside': m020,
  '021_owner_index_file': m021,
  '022_owner_index_back': m022,
  '023_request_keys': m023,
  '024_journal_bigint': m024,
  '025_pledge_income_reserved': m025,
  '026_deposit_tx_hash_claims': m026,
  '027_document_number_unique': m027,
  '028_code_tickets': m028,
  '029_nickname_key': m029,
  '030_nickname_skeleton': m030,
  '031_content_slug': m031,
  '032_nickname_folded_skeleton': m032,
  '033_list_indexes': m033,
};

/** Names of every migration, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider = (engine: Db['engine']): MigrationProvider => ({
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]): [string, Migration] => [
        name,
        { up: (db) => m.up(db, engine) },
      ]),
    ),
});

/** On PostgreSQL, the schema the connection works in (the first of its search_path). Kysely's
 * migrator looks for its bookkeeping tables in every schema of the database unless told which one,
 * so without this a second schema (another app, another test) would make it skip creating them. */
const migrationSchema = async (db: Db): Promise<string | undefined> => {
  if (db.engine !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? undefined;
};

/** PostgreSQL's answers when a schema or table it was reading went away meanwhile: no such schema,
 * no such relation, or a catalogue entry gone between two reads of one query. */
const GONE_MEANWHILE = new Set(['3F000', '42P01', 'XX000']);

/**
 * Runs `run` again, a little later each time, while it fails because something it was reading went
 * away meanwhile. Kysely's migrator lists the tables of every schema of the database before each
 * run, and the database may hold other apps' schemas, or other tests', dropped at any moment: that
 * says nothing of this schema. A run that failed so rolled back, so running it again is safe.
 */
export const againWhileGone = async <T>(run: () => Promise<T>, tries = 8, pauseMs = 25): Promise<T> => {
  for (let tried = 1; ; tried++) {
    try {
      return await run();
    } catch (e) {
      if (tried >= tries || !GONE_MEANWHILE.has((e as { code?: unknown }).code as string)) throw e;
      await new Promise((r) => setTimeout(r, pauseMs * tried));
    }
  }
};

/** Applies what is not applied yet, up to `upTo` (a name of MIGRATION_NAMES) or to the last. */
export const migrate = async (db: Db, upTo?: string): Promise<string[]> => {
  const migrator = new Migrator({
    db: db.kysely,
    provider: provider(db.engine),
    migrationTableSchema: await migrationSchema(db),
  });
  const run = async () => {
    const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  return db.engine === 'postgres' ? againWhileGone(run) : run();
};
