import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { spotReader } from '../../../../server/db/repos/spot';
import type { SpotOrderTable, SpotTradeTable } from '../../../../server/db/schema';
import { forEachEngine, forEachSharedEngine, useTestDb, type TestDb } from '../../helpers/testDb';

const order = (id: number, over: Partial<SpotOrderTable> = {}): SpotOrderTable => ({
  id,
  user_id: 7,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '97000.00',
  qty: '0.00100',
  budget: null,
  filled_qty: '0.00000',
  filled_quote: '0.00000000',
  fee: '0.00000000',
  frozen: '97.00000000',
  status: 'pending',
  client_oid: null,
  created_at: 1_700_000_000_000 + id,
  updated_at: 1_700_000_000_000 + id,
  ...over,
});

const trade = (id: number): SpotTradeTable => ({
  id,
  pair: 'btcusdt',
  price: '97000.00',
  qty: '0.00100',
  quote: '97.00000000',
  taker_side: 'sell',
  maker_order_id: 1,
  taker_order_id: 2,
  maker_user_id: 7,
  taker_user_id: 8,
  maker_fee: '0.00000100',
  taker_fee: '0.09700000',
  created_at: 1_700_000_000_500,
});

const ordersOf = (t: TestDb) => t.db.kysely.selectFrom('spot_orders').selectAll().orderBy('id').execute();
const tradesOf = (t: TestDb) => t.db.kysely.selectFrom('spot_trades').selectAll().orderBy('id').execute();

const indexNames = async (t: TestDb, table: string) => {
  if (t.engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(t.db.kysely);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = ${t.schema} and tablename = ${table}`.execute(
    t.db.kysely,
  );
  return rows.map((r) => r.name);
};

// On the file-backed SQLite connection the server uses (its own driver and transactions), and on
// PostgreSQL.
describe.each(forEachSharedEngine())('migration 009 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('keeps every order and trade, and the rules on them', async () => {
    await migrate(t().db, '008_staking');
    const k = t().db.kysely;
    await k
      .insertInto('spot_orders')
      .values([
        order(1),
        order(2, { user_id: 8, side: 'sell', status: 'completed', client_oid: 'retry-1' }),
        order(3, { client_oid: 'retry-1' }),
        order(4, {
          pair: 'ethusdt',
          status: 'cancelled',
          budget: '20.00000000',
          type: 'market',
          price: null,
        }),
      ])
      .execute();
    await k
      .insertInto('spot_trades')
      .values([trade(1), trade(2)])
      .execute();
    const before = { orders: await ordersOf(t()), trades: await tradesOf(t()) };

    expect(await migrate(t().db)).toEqual(['009_lean_writes']);

    expect(await ordersOf(t())).toEqual(before.orders);
    expect(await tradesOf(t())).toEqual(before.trades);
    // An account's client order id is still its own, once; orders without one are unlimited.
    await expect(
      k
        .insertInto('spot_orders')
        .values(order(5, { client_oid: 'retry-1' }))
        .execute(),
    ).rejects.toThrow();
    await k
      .insertInto('spot_orders')
      .values([order(6), order(7)])
      .execute();
    await expect(k.insertInto('spot_orders').values(order(6)).execute()).rejects.toThrow();
    await expect(k.insertInto('spot_trades').values(trade(2)).execute()).rejects.toThrow();
    // The books' rebuild reads the open orders of a pair through the partial index.
    expect((await spotReader(k).openOrders('btcusdt')).map((r) => Number(r.id))).toEqual([1, 3, 6, 7]);
    expect(await indexNames(t(), 'journal')).not.toContain('journal_ref_idx');
    if (engine === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`
        select sql from sqlite_master where type = 'table' and name in ('spot_orders', 'spot_trades')`.execute(
        k,
      );
      for (const r of rows) expect(r.sql).toContain('"id" integer primary key');
      // The key is the row itself: no second index beside each table.
      expect((await indexNames(t(), 'spot_orders')).filter((n) => n.startsWith('sqlite_autoindex'))).toEqual(
        [],
      );
      expect((await indexNames(t(), 'spot_trades')).filter((n) => n.startsWith('sqlite_autoindex'))).toEqual(
        [],
      );
    }
  });
});

describe.each(forEachEngine().filter(([engine]) => engine === 'sqlite'))(
  'after migration 009 on %s',
  (_e, open) => {
    const t = useTestDb(open);

    /** SQLite's plan for each query `run` sends, in the order sent. */
    const plansOf = async (run: () => Promise<unknown>) => {
      const executor = t().db.kysely.getExecutor();
      const seen: CompiledQuery[] = [];
      const spy = vi.spyOn(executor, 'executeQuery').mockImplementation(async (q) => {
        seen.push(q);
        return { rows: [] };
      });
      await run();
      spy.mockRestore();
      const plans: string[] = [];
      for (const q of seen) {
        const { rows } = await t().db.kysely.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
        );
        plans.push(rows.map((r) => r.detail).join('; '));
      }
      return plans;
    };

    it('finds open orders and client order ids through their partial indexes', async () => {
      const reader = spotReader(t().db.kysely);
      expect(await plansOf(() => reader.openOrders('btcusdt'))).toEqual([
        expect.stringContaining('USING INDEX spot_orders_open_idx'),
      ]);
      expect(await plansOf(() => reader.byClientOid(7, 'retry-1'))).toEqual([
        expect.stringContaining('USING INDEX spot_orders_client_oid_unique'),
      ]);
    });
  },
);
