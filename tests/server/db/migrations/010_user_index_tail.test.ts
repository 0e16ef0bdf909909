import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { journalRow, orderRow } from '../../helpers/rows';
import { indexedByOwner, writeOwnedRows } from '../../helpers/ownerIndex';
import { indexNames } from '../../helpers/queryPlans';
import { forEachSharedEngine, useTestDb, type TestDb } from '../../helpers/testDb';

/** Where each row of `table` stands: indexed by owner (`[user, id]`) or still listed (`id`). */
const lists = async (t: TestDb, table: 'journal' | 'spot_orders') => {
  const unindexed = await t.db.kysely.selectFrom(`${table}_unindexed`).select('id').orderBy('id').execute();
  return {
    indexed: await indexedByOwner(t.db.kysely, table),
    unindexed: unindexed.map((r) => Number(r.id)),
  };
};

// On the file-backed SQLite connection the server uses, and on PostgreSQL.
describe.each(forEachSharedEngine())('migration 010 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('indexes the rows there are by owner, and keeps every new or removed row in step', async () => {
    await migrate(t().db, '009_lean_writes');
    const k = t().db.kysely;
    await writeOwnedRows(k);

    expect(await migrate(t().db, '010_user_index_tail')).toEqual(['010_user_index_tail']);
    expect(await lists(t(), 'journal')).toEqual({
      indexed: [
        [7, 1],
        [7, 3],
        [8, 2],
      ],
      unindexed: [],
    });
    expect(await lists(t(), 'spot_orders')).toEqual({
      indexed: [
        [7, 1],
        [8, 2],
      ],
      unindexed: [],
    });
    expect(await indexNames(t(), 'journal')).not.toContain('journal_user_idx');
    expect(await indexNames(t(), 'spot_orders')).not.toContain('spot_orders_user_idx');

    // A new row waits in the list, whichever connection or statement writes it.
    await k
      .insertInto('journal')
      .values([journalRow(8, 4), journalRow(9, 5)])
      .execute();
    expect((await lists(t(), 'journal')).unindexed).toEqual([4, 5]);
    // The spot books write orders as upserts: an order updated is not listed again.
    await k
      .insertInto('spot_orders')
      .values([orderRow(1, { user_id: 7, status: 'completed' }), orderRow(3, { user_id: 9 })])
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ status: eb.ref('excluded.status') })))
      .execute();
    expect(await lists(t(), 'spot_orders')).toEqual({
      indexed: [
        [7, 1],
        [8, 2],
      ],
      unindexed: [3],
    });
    // A removed order (the house's quotes cancelled unfilled) leaves neither list.
    await k.deleteFrom('spot_orders').where('id', 'in', [2, 3]).execute();
    expect(await lists(t(), 'spot_orders')).toEqual({ indexed: [[7, 1]], unindexed: [] });
  });
});
