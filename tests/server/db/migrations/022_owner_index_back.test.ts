import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { catchUpUserIndex, ownedPage } from '../../../../server/db/userIndex';
import { indexedByOwner, notIndexed, writeOwnedRows } from '../../helpers/ownerIndex';
import { journalRow, orderRow } from '../../helpers/rows';
import { forEachSharedEngine, useTestDb } from '../../helpers/testDb';

// On the file-backed SQLite connection the server uses, and on PostgreSQL.
describe.each(forEachSharedEngine())('migration 022 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('brings the index by owner back into the ledger’s file on SQLite, every user’s row indexed', async () => {
    await migrate(t().db, '021_owner_index_file');
    const k = t().db.kysely;
    await writeOwnedRows(k);
    // The house's rows (an account under 1) are never listed by owner, so never indexed.
    await k.insertInto('journal').values(journalRow(-1, 4)).execute();
    await k
      .insertInto('spot_orders')
      .values(orderRow(3, { user_id: -1 }))
      .execute();
    // The file 021 made beside the ledger's, as its thread left it.
    const stale =
      engine === 'sqlite'
        ? (await sql<{ file: string }>`pragma database_list`.execute(k)).rows[0]!.file.replace(
            /\.db$/,
            '.owners.db',
          )
        : undefined;
    for (const suffix of ['', '-wal']) if (stale) fs.writeFileSync(stale + suffix, 'stale');
    expect(await migrate(t().db, '022_owner_index_back')).toEqual(['022_owner_index_back']);

    if (engine === 'sqlite') {
      expect(await indexedByOwner(k, 'journal')).toEqual([
        [7, 1],
        [7, 3],
        [8, 2],
      ]);
      expect(await indexedByOwner(k, 'spot_orders')).toEqual([
        [7, 1],
        [8, 2],
      ]);
      expect(await notIndexed(t().db, 'journal')).toBe(0);
      expect(await notIndexed(t().db, 'spot_orders')).toBe(0);
      const { rows } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'trigger' and tbl_name in ('journal', 'spot_orders') order by name`.execute(k);
      expect(rows.map((r) => r.name)).toEqual(['journal_unindex', 'spot_orders_unindex']);
      expect(fs.existsSync(stale!)).toBe(false);
      expect(fs.existsSync(`${stale}-wal`)).toBe(false);
    }

    // Listed once whether indexed or not, caught up as before, and a removed order leaves the index.
    const listed = async (table: 'journal' | 'spot_orders', user: number) =>
      (await ownedPage(k, table, user, { offset: 0, limit: 20 })).rows.map((r) => Number(r.id));
    await k.insertInto('journal').values(journalRow(7, 5)).execute();
    expect(await listed('journal', 7)).toEqual([5, 3, 1]);
    await catchUpUserIndex(t().db);
    expect(await listed('journal', 7)).toEqual([5, 3, 1]);
    expect(await notIndexed(t().db, 'journal')).toBe(0);
    await k.deleteFrom('spot_orders').where('id', '=', 2).execute();
    expect(await listed('spot_orders', 8)).toEqual([]);
  });
});
