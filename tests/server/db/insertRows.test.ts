import SQLite from 'better-sqlite3';
import { onTestFinished, describe, expect, it, vi } from 'vitest';
import { SLICE_SIZES } from '../../../server/db/chunks';
import { insertRows, prepareInsertRows } from '../../../server/db/insertRows';
import { BALANCE_TYPES, JOURNAL_TYPES } from '../../../server/db/repos/ledger';
import { ORDER_TYPES } from '../../../server/db/repos/spot';
import type { BalanceTable, SpotOrderTable } from '../../../server/db/schema';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const order = (id: number, clientOid: string | null): SpotOrderTable => ({
  id,
  user_id: 1,
  pair: 'btcusdt',
  side: 'buy',
  type: 'market',
  price: null,
  qty: null,
  budget: '10',
  filled_qty: '0',
  filled_quote: '0',
  fee: '0',
  frozen: '10',
  status: 'pending',
  client_oid: clientOid,
  created_at: 1_700_000_000_000 + id,
  updated_at: 1_700_000_000_000 + id,
});

const balance = (userId: number, available: string): BalanceTable => ({
  user_id: userId,
  asset: 'USDT',
  available,
  frozen: '0',
  updated_at: 1,
});

describe.each(forEachEngine())('inserting rows on %s', (engine, open) => {
  const t = useTestDb(open);

  it('writes every row as it was given: nulls, quotes, backslashes, braces and the word NULL', async () => {
    const db = t().db.kysely;
    // What an array literal would misread if the driver did not quote each value.
    const oids = ['a"b', 'c\\d', '{e,f}', 'NULL', ' spaced ', 'ü 漢', null];
    const rows = oids.map((oid, i) => order(i + 1, oid));
    await insertRows(db, engine, 'test.orders', 'spot_orders', rows, ORDER_TYPES);
    expect(await db.selectFrom('spot_orders').selectAll().orderBy('id').execute()).toEqual(rows);
  });

  it('upserts through the conflict clause it is given', async () => {
    const db = t().db.kysely;
    const upsert = (rows: BalanceTable[]) =>
      insertRows(db, engine, 'test.balances', 'balances', rows, BALANCE_TYPES, (q) =>
        q.onConflict((oc) =>
          oc.columns(['user_id', 'asset']).doUpdateSet((eb) => ({ available: eb.ref('excluded.available') })),
        ),
      );
    await upsert([balance(1, '5'), balance(2, '6')]);
    await upsert([balance(2, '7'), balance(3, '8')]);
    const kept = await db
      .selectFrom('balances')
      .select(['user_id', 'available'])
      .orderBy('user_id')
      .execute();
    expect(kept).toEqual([
      { user_id: 1, available: '5' },
      { user_id: 2, available: '7' },
      { user_id: 3, available: '8' },
    ]);
  });

  it(`runs ${engine === 'postgres' ? 'one statement' : 'a statement for each slice (288, 288, 96, 28 rows)'} for 700 rows, in the order given`, async () => {
    const db = t().db.kysely;
    const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
    onTestFinished(() => spy.mockRestore());
    const rows = Array.from({ length: 700 }, (_, i) => ({
      user_id: 1,
      asset: 'USDT',
      type: 'app.data.spot_trade',
      ref: `trade:${i}`,
      available_change: '1',
      frozen_change: '0',
      available_after: String(i + 1),
      frozen_after: '0',
      created_at: 1,
    }));
    await insertRows(db, engine, 'test.journal', 'journal', rows, JOURNAL_TYPES);
    expect(spy).toHaveBeenCalledTimes(engine === 'postgres' ? 1 : 4);
    const refs = await db.selectFrom('journal').select('ref').orderBy('id').execute();
    expect(refs.map((r) => r.ref)).toEqual(rows.map((r) => r.ref));
  });

  it.runIf(engine === 'sqlite')(
    'says the one-row statement’s values once a row: the statement Kysely would build for them',
    async () => {
      const db = t().db.kysely;
      const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
      onTestFinished(() => spy.mockRestore());
      const upsert = (q: ReturnType<typeof db.insertInto<'balances'>>) =>
        q.onConflict((oc) =>
          oc.columns(['user_id', 'asset']).doUpdateSet((eb) => ({ available: eb.ref('excluded.available') })),
        );
      for (const n of [1, 2, 7]) {
        const rows = Array.from({ length: n }, (_, i) => balance(i + 1, String(n * 10 + i)));
        spy.mockClear();
        await insertRows(db, engine, 'test.kysely', 'balances', rows, BALANCE_TYPES, upsert);
        const ran = spy.mock.calls.map(([q]) => (q as { sql: string }).sql);
        expect(ran).toEqual([upsert(db.insertInto('balances').values(rows)).compile().sql]);
      }
      const kept = await db
        .selectFrom('balances')
        .select(['user_id', 'available'])
        .orderBy('user_id')
        .execute();
      expect(kept.map((b) => b.available)).toEqual(['70', '71', '72', '73', '74', '75', '76']);
    },
  );

  it.runIf(engine === 'sqlite')(
    'prepares ahead the statement of every size of slice, the ones it would make itself, and runs them',
    async () => {
      const db = t().db.kysely;
      const prepared = vi.spyOn(SQLite.prototype, 'prepare');
      const ran = vi.spyOn(db.getExecutor(), 'executeQuery');
      onTestFinished(() => {
        prepared.mockRestore();
        ran.mockRestore();
      });
      const upsert = (q: ReturnType<typeof db.insertInto<'balances'>>) =>
        q.onConflict((oc) =>
          oc.columns(['user_id', 'asset']).doUpdateSet((eb) => ({ available: eb.ref('excluded.available') })),
        );
      prepareInsertRows(db, 'test.ahead', 'balances', BALANCE_TYPES, upsert);
      const ahead = prepared.mock.calls.map(([text]) => text);
      expect(ahead).toHaveLength(SLICE_SIZES.length);
      expect(ran).not.toHaveBeenCalled();
      // What a shape never prepared ahead makes for itself is what was prepared ahead.
      const counts = [1, 5, 31, 64, 100];
      const rowsOf = (n: number, at: number) =>
        Array.from({ length: n }, (_, i) => balance(at + i, `${n}.${i}`));
      for (const [k, n] of counts.entries())
        await insertRows(db, engine, 'test.itself', 'balances', rowsOf(n, k * 1000), BALANCE_TYPES, upsert);
      const itself = ran.mock.calls.map(([q]) => (q as { sql: string }).sql);
      expect(itself).toHaveLength(6);
      for (const text of itself) expect(ahead).toContain(text);
      // Prepared ahead, a slice of any size is not prepared again, and binds each row in place.
      prepared.mockClear();
      for (const [k, n] of counts.entries())
        await insertRows(
          db,
          engine,
          'test.ahead',
          'balances',
          rowsOf(n, k * 1000 + 500),
          BALANCE_TYPES,
          upsert,
        );
      expect(prepared).not.toHaveBeenCalled();
      const kept = await db
        .selectFrom('balances')
        .selectAll()
        .where('user_id', '>=', 0)
        .orderBy('user_id')
        .execute();
      expect(kept).toEqual(
        [...counts.entries()].flatMap(([k, n]) => [...rowsOf(n, k * 1000), ...rowsOf(n, k * 1000 + 500)]),
      );
    },
  );

  it.runIf(engine === 'sqlite')(
    'refuses rows that list their columns out of order, and writes nothing',
    async () => {
      const db = t().db.kysely;
      const { asset, user_id, ...rest } = balance(1, '5');
      const swapped = { asset, user_id, ...rest } as BalanceTable;
      await expect(
        insertRows(db, engine, 'test.swapped', 'balances', [swapped], BALANCE_TYPES),
      ).rejects.toThrow(/columns in their order/);
      expect(await db.selectFrom('balances').selectAll().execute()).toEqual([]);
    },
  );

  it('runs nothing for no rows', async () => {
    const db = t().db.kysely;
    const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
    onTestFinished(() => spy.mockRestore());
    await insertRows(db, engine, 'test.none', 'balances', [] as BalanceTable[], BALANCE_TYPES);
    expect(spy).not.toHaveBeenCalled();
  });
});
