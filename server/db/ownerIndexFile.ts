import path from 'node:path';
import type SQLite from 'better-sqlite3';

/**
 * On SQLite the index by owner (`server/db/userIndex.ts`) lives in a file of its own beside the
 * ledger's, attached to a connection as `owners`. SQLite has one writer a file: in the ledger's
 * file a round of the catch-up held the books' write lock for 7–16 ms every 250 ms at 10 000 orders
 * a second, and the spot thread's batches waited (docs/spot-performance.md). In a file of its own
 * it is caught up by a thread of its own (jobs/userIndexThread/) whose transactions take only that
 * file's lock, while the books go on writing theirs.
 *
 * Statements name its tables with the schema (`owners.journal_by_user`, userIndex.ts). Two rules
 * follow from SQLite's locks: a connection with the file attached takes its write lock at every BEGIN
 * IMMEDIATE (as ours open their transactions), so the connections that write the ledger do not
 * attach it, and listings read it through a connection of their own (`Db.listings`); and the
 * catch-up's connection opens its transactions deferred, so they lock only the file they write.
 *
 * What the file holds can always be made again from the ledger's tables: rows missing from it are
 * past its mark and listed from the tables themselves until a round indexes them, and a file that
 * is lost is made empty, with its marks at 0, and caught up again.
 */
export const OWNERS_SCHEMA = 'owners';

/** `data/exchange.db` → `data/exchange.owners.db`. */
export const ownersFileOf = (ledgerFile: string): string => {
  const ext = path.extname(ledgerFile);
  return `${ledgerFile.slice(0, ledgerFile.length - ext.length)}.${OWNERS_SCHEMA}${ext}`;
};

/** Tables whose index by owner is brought up to date in bulk (migration 010, userIndex.ts). */
export const USER_INDEXED = ['journal', 'spot_orders'] as const;

/** Attaches the index's file (`:memory:` beside an in-memory ledger) and, with `make`, makes its
 * tables if they are not there. Its log is not flushed at commit: the file can be made again
 * (above). */
export const attachOwners = (sqlite: SQLite.Database, ledgerFile: string, { make }: { make: boolean }) => {
  const memory = ledgerFile === ':memory:';
  sqlite.prepare(`attach database ? as ${OWNERS_SCHEMA}`).run(memory ? ':memory:' : ownersFileOf(ledgerFile));
  if (!make) return;
  if (memory) ensureTables(sqlite);
  else {
    sqlite.pragma(`${OWNERS_SCHEMA}.journal_mode = WAL`);
    sqlite.pragma(`${OWNERS_SCHEMA}.synchronous = NORMAL`);
    // Read first: a file already made is not written, so no connection opening beside a running
    // server waits for the catch-up's lock.
    const made = sqlite
      .prepare(`select count(*) as n from ${OWNERS_SCHEMA}.sqlite_master where name = 'owner_index_marks'`)
      .get() as { n: number };
    if (made.n === 0) ensureTables(sqlite);
  }
};

const ensureTables = (sqlite: SQLite.Database) =>
  sqlite.transaction(() => {
    for (const table of USER_INDEXED)
      sqlite.exec(`create table if not exists ${OWNERS_SCHEMA}.${table}_by_user (
        user_id integer not null, id bigint not null, primary key (user_id, id)) without rowid`);
    sqlite.exec(`create table if not exists ${OWNERS_SCHEMA}.owner_index_marks (
      tbl varchar(40) primary key, upto integer not null)`);
    const mark = sqlite.prepare(
      `insert or ignore into ${OWNERS_SCHEMA}.owner_index_marks (tbl, upto) values (?, 0)`,
    );
    for (const table of USER_INDEXED) mark.run(table);
  })();

/**
 * After a power cut the index may hold rows that the ledger's file lost: the catch-up reads rows
 * as they commit, before the log holding them is flushed, and the index's own log may have reached
 * the disk first. The lost ids are given again to new rows, perhaps of other owners, so before
 * anything is written the index is cut back to the rows that are there and its marks with it (to
 * nothing, beside a ledger made anew). Run by the server as it opens the ledger (connect.ts), on a
 * connection with the file attached.
 */
export const recoverOwners = (sqlite: SQLite.Database) =>
  sqlite.transaction(() => {
    for (const table of USER_INDEXED) {
      const newest = newestId(sqlite, table);
      sqlite.prepare(`delete from ${OWNERS_SCHEMA}.${table}_by_user where id > ?`).run(newest);
      sqlite
        .prepare(`update ${OWNERS_SCHEMA}.owner_index_marks set upto = ? where tbl = ? and upto > ?`)
        .run(newest, table, newest);
    }
  })();

/** The ledger's newest id of `table`; 0 before the table is made, so that an index left beside a
 * ledger made anew is emptied. */
const newestId = (sqlite: SQLite.Database, table: string): number => {
  const made = sqlite.prepare(`select count(*) as n from main.sqlite_master where name = ?`).get(table) as {
    n: number;
  };
  if (made.n === 0) return 0;
  return (
    sqlite.prepare(`select coalesce(max(id), 0) as newest from main.${table}`).get() as { newest: number }
  ).newest;
};
