import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { catchUpUserIndex, ownedPage } from '../../../../server/db/userIndex';
import { indexedByOwner, writeOwnedRows } from '../../helpers/ownerIndex';
import { journalRow } from '../../helpers/rows';
import { forEachSharedEngine, useTestDb, type TestDb } from '../../helpers/testDb';

const indexed = (t: TestDb, table: 'journal' | 'spot_orders') => indexedByOwner(t.db.kysely, table);

/** The triggers on the tables indexed by owner. */
const triggers = async (t: TestDb) => {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'trigger' and tbl_name in ('journal', 'spot_orders') order by name`.execute(t.db.kysely);
  return rows.map((r) => r.name);
};

const listed = async (t: TestDb, table: 'journal' | 'spot_orders', userId: number) =>
  (await ownedPage(t.db.kysely, table, userId, { offset: 0, limit: 20 })).rows.map((r) => Number(r.id));

// On the file-backed SQLite connection the server uses, and on PostgreSQL.
describe.each(forEachSharedEngine())('migration 018 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('indexes what was listed and, on SQLite, marks every row as indexed in place of the list', async () => {
    await migrate(t().db, '017_network_decimals');
    const k = t().db.kysely;
    await writeOwnedRows(k);
    // Partly caught up, as migration 010's catch-up left it: the first journal row indexed, the
    // rest still listed.
    await k.insertInto('journal_by_user').values({ user_id: 7, id: 1 }).execute();
    await k.deleteFrom('journal_unindexed').where('id', '=', 1).execute();

    expect(await migrate(t().db, '018_owner_index_mark')).toEqual(['018_owner_index_mark']);
    expect(await indexed(t(), 'journal')).toEqual(
      engine === 'sqlite'
        ? [
            [7, 1],
            [7, 3],
            [8, 2],
          ]
        : [[7, 1]],
    );
    if (engine === 'sqlite') {
      expect(await indexed(t(), 'spot_orders')).toEqual([
        [7, 1],
        [8, 2],
      ]);
      const marks = await k.selectFrom('owner_index_marks').select(['tbl', 'upto']).orderBy('tbl').execute();
      expect(marks.map((m) => [m.tbl, Number(m.upto)])).toEqual([
        ['journal', 3],
        ['spot_orders', 2],
      ]);
      expect(await triggers(t())).toEqual(['journal_unindex', 'spot_orders_unindex']);
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name like '%unindexed'`.execute(k);
      expect(tables.rows).toEqual([]);
    }

    // The server's code of today reads and catches up on the schema of today.
    await migrate(t().db);
    // New rows are listed before they are indexed and after, once.
    await k.insertInto('journal').values(journalRow(7, 4)).execute();
    expect(await listed(t(), 'journal', 7)).toEqual([4, 3, 1]);
    await catchUpUserIndex(t().db);
    expect(await listed(t(), 'journal', 7)).toEqual([4, 3, 1]);
    expect(await indexed(t(), 'journal')).toContainEqual([7, 4]);
    // A removed order (the house's quotes cancelled unfilled) leaves the index with it.
    await k.deleteFrom('spot_orders').where('id', '=', 2).execute();
    await catchUpUserIndex(t().db);
    expect(await indexed(t(), 'spot_orders')).toEqual([[7, 1]]);
    expect(await listed(t(), 'spot_orders', 8)).toEqual([]);
  });
});
