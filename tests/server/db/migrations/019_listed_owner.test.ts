import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { catchUpUserIndex, ownedPage } from '../../../../server/db/userIndex';
import { indexedByOwner, writeOwnedRows } from '../../helpers/ownerIndex';
import { journalRow, orderRow } from '../../helpers/rows';
import { forEachSharedEngine, useTestDb, type TestDb } from '../../helpers/testDb';

/** PostgreSQL's list of rows not yet indexed by owner, as `[id, owner]`. */
const listedOwners = async (t: TestDb, table: 'journal' | 'spot_orders') =>
  (await t.db.kysely.selectFrom(`${table}_unindexed`).select(['id', 'user_id']).orderBy('id').execute()).map(
    (r) => [Number(r.id), Number(r.user_id)],
  );

const page = async (t: TestDb, table: 'journal' | 'spot_orders', userId: number, asset?: string) =>
  (
    await ownedPage(
      t.db.kysely,
      table,
      userId,
      { offset: 0, limit: 20 },
      asset && table === 'journal'
        ? (rows) => rows.where('r.asset' as never, '=', asset as never)
        : undefined,
    )
  ).rows.map((r) => Number(r.id));

// On the file-backed SQLite connection the server uses, and on PostgreSQL.
describe.each(forEachSharedEngine())('migration 019 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it.runIf(engine === 'postgres')(
    'lists every row not yet indexed with its owner, and indexes from the list alone',
    async () => {
      await migrate(t().db, '018_owner_index_mark');
      const k = t().db.kysely;
      await writeOwnedRows(k);
      // Journal row 1 already indexed, as a round of the catch-up leaves it.
      await k.insertInto('journal_by_user').values({ user_id: 7, id: 1 }).execute();
      await sql`delete from journal_unindexed where id = 1`.execute(k);

      expect(await migrate(t().db, '019_listed_owner')).toEqual(['019_listed_owner']);
      expect(await listedOwners(t(), 'journal')).toEqual([
        [2, 8],
        [3, 7],
      ]);
      expect(await listedOwners(t(), 'spot_orders')).toEqual([
        [1, 7],
        [2, 8],
      ]);

      // New rows are listed with their owners, however many one statement inserts.
      await k
        .insertInto('journal')
        .values([journalRow(7, 4, { asset: 'BTC' }), journalRow(9, 5)])
        .execute();
      await k
        .insertInto('spot_orders')
        .values(orderRow(3, { user_id: 9 }))
        .execute();
      expect(await listedOwners(t(), 'journal')).toEqual([
        [2, 8],
        [3, 7],
        [4, 7],
        [5, 9],
      ]);
      expect(await listedOwners(t(), 'spot_orders')).toContainEqual([3, 9]);

      // A user's page reads both parts, whole or narrowed by the table's own columns.
      expect(await page(t(), 'journal', 7)).toEqual([4, 3, 1]);
      expect(await page(t(), 'journal', 7, 'BTC')).toEqual([4]);
      expect(await page(t(), 'journal', 7, 'USDT')).toEqual([3, 1]);

      // The catch-up indexes from the list, each row under its owner, and empties it.
      await catchUpUserIndex(t().db);
      expect(await indexedByOwner(k, 'journal')).toEqual([
        [7, 1],
        [7, 3],
        [7, 4],
        [8, 2],
        [9, 5],
      ]);
      expect(await indexedByOwner(k, 'spot_orders')).toEqual([
        [7, 1],
        [8, 2],
        [9, 3],
      ]);
      expect(await listedOwners(t(), 'journal')).toEqual([]);
      expect(await page(t(), 'journal', 7)).toEqual([4, 3, 1]);
      expect(await page(t(), 'journal', 7, 'BTC')).toEqual([4]);

      // A removed row leaves the list or the index with it.
      await k
        .insertInto('spot_orders')
        .values(orderRow(4, { user_id: 9 }))
        .execute();
      await k.deleteFrom('spot_orders').where('id', 'in', [3, 4]).execute();
      expect(await listedOwners(t(), 'spot_orders')).toEqual([]);
      expect(await indexedByOwner(k, 'spot_orders')).toEqual([
        [7, 1],
        [8, 2],
      ]);
    },
  );

  it.runIf(engine === 'sqlite')('changes nothing on SQLite, which keeps no list', async () => {
    await migrate(t().db, '018_owner_index_mark');
    await writeOwnedRows(t().db.kysely);
    expect(await migrate(t().db, '019_listed_owner')).toEqual(['019_listed_owner']);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where name like '%unindexed%'`.execute(t().db.kysely);
    expect(rows).toEqual([]);
    expect(await page(t(), 'journal', 7)).toEqual([3, 1]);
  });
});
