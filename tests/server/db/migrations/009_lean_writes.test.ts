import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { spotReader } from '../../../../server/db/repos/spot';
import type { SpotTradeTable } from '../../../../server/db/schema';
import { orderRow } from '../../helpers/rows';
import { indexNames, queryPlans } from '../../helpers/queryPlans';
import { forEachEngine, forEachSharedEngine, useTestDb, type TestDb } from '../../helpers/testDb';

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
        orderRow(1),
        orderRow(2, { user_id: 8, side: 'sell', status: 'completed', client_oid: 'retry-1' }),
        orderRow(3, { client_oid: 'retry-1' }),
        orderRow(4, {
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

    expect(await migrate(t().db, '009_lean_writes')).toEqual(['009_lean_writes']);

    expect(await ordersOf(t())).toEqual(before.orders);
    expect(await tradesOf(t())).toEqual(before.trades);
    // An account's client order id is still its own, once; orders without one are unlimited.
    await expect(
      k
        .insertInto('spot_orders')
        .values(orderRow(5, { client_oid: 'retry-1' }))
        .execute(),
    ).rejects.toThrow();
    await k
      .insertInto('spot_orders')
      .values([orderRow(6), orderRow(7)])
      .execute();
    await expect(k.insertInto('spot_orders').values(orderRow(6)).execute()).rejects.toThrow();
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

    it('finds open orders and client order ids through their partial indexes', async () => {
      const reader = spotReader(t().db.kysely);
      expect(await queryPlans(t().db, () => reader.openOrders('btcusdt'))).toEqual([
        expect.stringContaining('USING INDEX spot_orders_open_idx'),
      ]);
      expect(await queryPlans(t().db, () => reader.byClientOid(7, 'retry-1'))).toEqual([
        expect.stringContaining('USING INDEX spot_orders_client_oid_unique'),
      ]);
    });
  },
);
