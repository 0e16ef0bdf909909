import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { DEFAULT_SPOT_CONFIG } from '../../../server/spot/config';
import { createSpot, type SpotService, type Trader } from '../../../server/spot/service';
import { fund, tick } from '../helpers/spot';
import { forEachEngine, type TestDb } from '../helpers/testDb';

const trader = (id: number): Trader => ({ id, certification: 2, tradingDisabled: false, locked: false });

describe.each(forEachEngine())('spot books side by side on %s', (_engine, open) => {
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
});
