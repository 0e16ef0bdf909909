import type { KyselyPlugin, OperationNode } from 'kysely';
import type { SpotOrderView } from '../../../protocol';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SLICE_SIZES } from '../../../server/db/chunks';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { DEFAULT_SPOT_CONFIG } from '../../../server/spot/config';
import { createSpot, type SpotService } from '../../../server/spot/service';
import { fund, tick, trader } from '../helpers/spot';
import { forEachEngine, openSqliteTest, type TestDb } from '../helpers/testDb';

/** Whether a query reads the balances table. */
const readsBalances = (node: OperationNode) =>
  node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"name":"balances"');

describe.each(forEachEngine())('the spot books on %s', (_engine, open) => {
  let t: TestDb;
  let ledger: Ledger;
  let spot: SpotService;
  let balanceReads = 0;
  const makers = [3, 4, 5, 6, 7, 8];

  beforeAll(async () => {
    t = await open({ seed: true });
    ledger = createLedger(t.db);
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (readsBalances(node)) balanceReads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    spot = createSpot({
      db: { ...t.db, kysely: t.db.kysely.withPlugin(counting) },
      ledger,
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 0 },
      certificationOn: async () => false,
      onError: (err) => {
        throw err;
      },
    });
    await spot.start();
    tick(spot, 'btcusdt', '100000.00', Date.now());
    for (const id of [1, ...makers]) await fund(ledger, id, { USDT: '1000000', BTC: '10' });
  });
  afterAll(async () => {
    await spot.stop();
    await t.close();
  });

  it('reads the accounts a batch’s fills settle in one statement, not one for each order', async () => {
    for (const id of makers)
      await spot.place(trader(id), 'sell', {
        pair: 'btcusdt',
        type: 'limit',
        price: '100000.00',
        qty: '0.01',
      });
    balanceReads = 0;
    // Queued together, the taker's six orders run in one batch, each filling against one maker.
    const buys = await Promise.all(
      makers.map(() =>
        spot.place(trader(1), 'buy', { pair: 'btcusdt', type: 'limit', price: '100000.00', qty: '0.01' }),
      ),
    );
    expect(buys.map((o) => o.status)).toEqual(makers.map(() => 'app.data.order_completed'));
    // The batch's own read (the taker's USDT, the exchange's accounts), then one of what its fills
    // settle: each maker's USDT and the taker's BTC. One for each order would make seven.
    expect(balanceReads).toBeLessThanOrEqual(2);
    // Each sold 0.01 BTC at 100 000: 1 000 USDT less the maker's fee of 0.1 %.
    for (const id of makers) expect(await ledger.available(id, 'USDT')).toBe(1_000_999_00000000n);
  });

  it('answers an order and a cancel with the view its owner’s news carries, made once', async () => {
    const news: Array<[number, SpotOrderView]> = [];
    const stop = spot.onOrders((userId, view) => news.push([userId, view]));
    try {
      const placed = await spot.place(trader(1), 'buy', {
        pair: 'btcusdt',
        type: 'limit',
        price: '99900.00',
        qty: '0.01',
      });
      await spot.idle();
      // One object: the spot thread's message then copies it once for both.
      expect(news).toContainEqual([1, placed]);
      expect(news.find(([, v]) => v.id === placed.id)![1]).toBe(placed);
      const cancelled = await spot.cancel(1, placed.id);
      await spot.idle();
      expect(cancelled.status).toBe('app.data.order_cancelled');
      expect(news.filter(([, v]) => v.id === placed.id).map(([, v]) => v)).toEqual([placed, cancelled]);
      expect(news.at(-1)![1]).toBe(cancelled);
    } finally {
      stop();
    }
  });
});

describe('the spot books’ statements on SQLite', () => {
  it('are prepared for every number of rows before the first batch, so none is made on the order path', async () => {
    const t = await openSqliteTest({ seed: true });
    const ledger = createLedger(t.db);
    const spot = createSpot({
      db: t.db,
      ledger,
      certificationOn: async () => false,
      onError: (err) => {
        throw err;
      },
    });
    onTestFinished(async () => {
      await spot.stop();
      await t.close();
    });
    const prepared = vi.spyOn(SQLite.prototype, 'prepare');
    onTestFinished(() => prepared.mockRestore());
    const sliced =
      /^(insert into "(journal|balances|spot_orders|spot_trades)"|delete from "spot_orders" where "id" in|select "user_id", "asset", "available", "frozen" from "balances" where)/;
    const slicedMade = () => prepared.mock.calls.map(([text]) => text).filter((text) => sliced.test(text));
    await spot.start();
    // Six statements (four writes, the drop of quotes, the read of balances), 40 sizes each.
    expect(slicedMade()).toHaveLength(6 * SLICE_SIZES.length);
    prepared.mockClear();
    for (const id of [1, 3, 4]) await fund(ledger, id, { USDT: '1000000', BTC: '10' });
    // The house quotes and quotes again (its unfilled quotes dropped); makers rest, a taker fills.
    tick(spot, 'btcusdt', '100000.00', Date.now());
    tick(spot, 'btcusdt', '100100.00', Date.now() + 1);
    for (const id of [3, 4])
      await spot.place(trader(id), 'sell', {
        pair: 'btcusdt',
        type: 'limit',
        price: '100050.00',
        qty: '0.01',
      });
    const buys = await Promise.all(
      [1, 2].map(() =>
        spot.place(trader(1), 'buy', { pair: 'btcusdt', type: 'limit', price: '100050.00', qty: '0.01' }),
      ),
    );
    await spot.idle();
    expect(buys.map((o) => o.status)).toEqual(['app.data.order_completed', 'app.data.order_completed']);
    expect(slicedMade()).toEqual([]);
  });
});
