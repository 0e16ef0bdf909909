import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOwnerIndexWriter, openSqlite, type Db } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { OWNERS_SCHEMA, ownersFileOf } from '../../../server/db/ownerIndexFile';
import { catchUpUserIndex, ownedPage } from '../../../server/db/userIndex';
import { indexedByOwner, notIndexed, writeOwnedRows } from '../helpers/ownerIndex';
import { journalRow } from '../helpers/rows';

const marks = async (db: Db) =>
  (
    await sql<{
      tbl: string;
      upto: number;
    }>`select tbl, upto from ${sql.table(`${OWNERS_SCHEMA}.owner_index_marks`)}
      order by tbl`.execute(db.listings)
  ).rows.map((m) => [m.tbl, Number(m.upto)]);

const listed = async (db: Db, userId: number) =>
  (await ownedPage(db.listings, 'journal', userId, { offset: 0, limit: 20 })).rows.map((r) => Number(r.id));

describe('the index by owner in a file of its own (SQLite)', () => {
  let dir: string;
  let file: string;
  const open: Db[] = [];
  const openLedger = async (opts: { recoverOwners?: boolean } = {}) => {
    const db = openSqlite(file, opts);
    open.push(db);
    await migrate(db);
    return db;
  };
  /** The catch-up's own connection, as its thread opens it, for one round. */
  const catchUp = async () => {
    const writer = openOwnerIndexWriter(file);
    try {
      return await catchUpUserIndex(writer);
    } finally {
      await writer.close();
    }
  };

  /** Closes the ledger and takes away the files of `dir` that `lost` names. */
  const closeLosing = async (db: Db, lost: (file: string) => boolean) => {
    open.splice(open.indexOf(db), 1);
    await db.close();
    for (const f of fs.readdirSync(dir).filter(lost)) fs.rmSync(path.join(dir, f));
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-owners-'));
    file = path.join(dir, 'exchange.db');
  });
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sits beside the ledger’s file, named after it', async () => {
    expect(ownersFileOf('data/exchange.db')).toBe('data/exchange.owners.db');
    expect(ownersFileOf('/srv/ledger')).toBe('/srv/ledger.owners');
    await openLedger();
    expect(fs.existsSync(path.join(dir, 'exchange.owners.db'))).toBe(true);
  });

  it('is caught up on a connection whose transaction holds the ledger’s writers up not at all', async () => {
    const db = await openLedger();
    await writeOwnedRows(db.kysely);
    const writer = openOwnerIndexWriter(file);
    try {
      await writer.kysely.transaction().execute(async (trx) => {
        // A round's kind of write: the index's file locked until this transaction ends.
        await sql`insert into ${sql.table(`${OWNERS_SCHEMA}.journal_by_user`)} (user_id, id)
          values (7, 1)`.execute(trx);
        // The ledger's connections (BEGIN IMMEDIATE, which would take every attached file's lock)
        // write on meanwhile.
        await db.kysely.insertInto('journal').values(journalRow(7, 4)).execute();
        await db.kysely
          .transaction()
          .execute((t) => t.insertInto('journal').values(journalRow(8, 5)).execute());
      });
      expect((await catchUpUserIndex(writer)).moved).toBe(6);
    } finally {
      await writer.close();
    }
    expect(await listed(db, 7)).toEqual([4, 3, 1]);
    expect(await indexedByOwner(db.listings, 'journal', OWNERS_SCHEMA)).toEqual([
      [7, 1],
      [7, 3],
      [7, 4],
      [8, 2],
      [8, 5],
    ]);
    expect(await notIndexed(db, 'journal')).toBe(0);
  });

  it('lists through a read-only connection', async () => {
    const db = await openLedger();
    await expect(db.listings.insertInto('journal').values(journalRow(7, 1)).execute()).rejects.toThrow(
      /readonly/,
    );
  });

  it('is cut back to the ledger’s rows on the server’s start, after a power cut took the newest', async () => {
    const db = await openLedger();
    await writeOwnedRows(db.kysely);
    await catchUp();
    // As if the index's log reached the disk with rows whose own log did not: journal row 3 and
    // order 2 lost with it.
    await db.kysely.deleteFrom('journal').where('id', '=', 3).execute();
    await sql`update sqlite_sequence set seq = 2 where name = 'journal'`.execute(db.kysely);
    await db.kysely.deleteFrom('spot_orders').where('id', '=', 2).execute();
    await closeLosing(db, () => false);

    const reopened = await openLedger({ recoverOwners: true });
    expect(await indexedByOwner(reopened.listings, 'journal', OWNERS_SCHEMA)).toEqual([
      [7, 1],
      [8, 2],
    ]);
    expect(await indexedByOwner(reopened.listings, 'spot_orders', OWNERS_SCHEMA)).toEqual([[7, 1]]);
    expect(await marks(reopened)).toEqual([
      ['journal', 2],
      ['spot_orders', 1],
    ]);
    // The id given again is a new row's, listed under its new owner only.
    await reopened.kysely.insertInto('journal').values(journalRow(8, 6)).execute();
    expect(await listed(reopened, 7)).toEqual([1]);
    expect(await listed(reopened, 8)).toEqual([3, 2]);
  });

  it('is emptied beside a ledger made anew', async () => {
    const db = await openLedger();
    await writeOwnedRows(db.kysely);
    await catchUp();
    await closeLosing(db, (f) => !f.startsWith('exchange.owners.db'));

    const anew = await openLedger({ recoverOwners: true });
    expect(await indexedByOwner(anew.listings, 'journal', OWNERS_SCHEMA)).toEqual([]);
    expect(await marks(anew)).toEqual([
      ['journal', 0],
      ['spot_orders', 0],
    ]);
    await anew.kysely.insertInto('journal').values(journalRow(8, 1)).execute();
    expect(await listed(anew, 7)).toEqual([]);
  });

  it('is made again when its file is lost, listing every row meanwhile', async () => {
    const db = await openLedger();
    await writeOwnedRows(db.kysely);
    await catchUp();
    await closeLosing(db, (f) => f.startsWith('exchange.owners.db'));

    const reopened = await openLedger({ recoverOwners: true });
    expect(await marks(reopened)).toEqual([
      ['journal', 0],
      ['spot_orders', 0],
    ]);
    expect(await listed(reopened, 7)).toEqual([3, 1]);
    expect((await catchUp()).moved).toBe(5);
    expect(await listed(reopened, 7)).toEqual([3, 1]);
    expect(await notIndexed(reopened, 'journal')).toBe(0);
  });
});
