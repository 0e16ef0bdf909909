import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ledgerStore } from '../../../server/db/repos/ledger';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { DEFAULT_SPOT_CONFIG } from '../../../server/spot/config';
import { createSpot, type SpotService } from '../../../server/spot/service';
import { fund, tick, trader } from '../helpers/spot';
import { forEachEngine, type TestDb } from '../helpers/testDb';

describe.each(forEachEngine())('spot books side by side on %s', (engine, open) => {
  let t: TestDb;
  let ledger: Ledger;
  let spot: SpotService;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await open({ seed: true });
    ledger = createLedger(t.db);
    spot = createSpot({
      db: t.db,
      ledger,
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 0 },
      certificationOn: async () => false,
      onError: (err) => errors.push(err),
    });
    await spot.start();
    tick(spot, 'btcusdt', '100000.00', Date.now());
    tick(spot, 'ethusdt', '4000.00', Date.now());
    for (const id of [1, 2]) await fund(ledger, id, { USDT: '1000000', BTC: '10', ETH: '100' });
  });
  afterAll(async () => {
    await spot.stop();
    await t.close();
  });

  it('two books settling the same accounts in opposite orders at once both commit, neither a deadlock victim', async () => {
    const [a, b] = [trader(1), trader(2)];
    for (let round = 0; round < 5; round++) {
      await spot.place(b, 'sell', { pair: 'btcusdt', type: 'limit', price: '100000.00', qty: '0.01' });
      await spot.place(a, 'sell', { pair: 'ethusdt', type: 'limit', price: '4000.00', qty: '0.1' });
      // a's buy freezes a's USDT and then, filling, pays b's; b's buy freezes b's and then pays a's.
      const filled = await Promise.all([
        spot.place(a, 'buy', { pair: 'btcusdt', type: 'limit', price: '100000.00', qty: '0.01' }),
        spot.place(b, 'buy', { pair: 'ethusdt', type: 'limit', price: '4000.00', qty: '0.1' }),
      ]);
      expect(filled.map((o) => o.status)).toEqual(['app.data.order_completed', 'app.data.order_completed']);
    }
    // A deadlock is retried, but only after PostgreSQL's deadlock_timeout (a second) with both books stalled.
    expect(errors).toEqual([]);
  });

  it.runIf(engine === 'postgres')(
    'a batch and a writer holding the exchange’s account and then wanting the trader’s both commit, neither a deadlock victim',
    async () => {
      const [a, b] = [trader(1), trader(2)];
      await spot.place(b, 'sell', { pair: 'btcusdt', type: 'limit', price: '100000.00', qty: '0.01' });
      const waiting = async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.kysely);
        return rows[0]!.n;
      };
      let placing: ReturnType<SpotService['place']> | undefined;
      // A withdrawal's post, say: its accounts locked in the ledger's order, the fees' USDT first and
      // then the trader's, taken here one at a time so a's buy comes in between.
      await t.db.kysely.transaction().execute(async (trx) => {
        const store = ledgerStore(trx, 'postgres');
        await store.lock([{ userId: SYSTEM_ACCOUNTS.fees, asset: 'USDT' }]);
        placing = spot.place(a, 'buy', { pair: 'btcusdt', type: 'limit', price: '100000.00', qty: '0.01' });
        while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 10));
        await store.lock([{ userId: a.id, asset: 'USDT' }]);
      });
      expect((await placing!).status).toBe('app.data.order_completed');
      expect(errors).toEqual([]);
    },
  );
});
