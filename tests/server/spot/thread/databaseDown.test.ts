import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrderView } from '../../../../protocol';
import { isUnreachable } from '../../../../server/db/unreachable';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import { DEFAULT_SPOT_CONFIG } from '../../../../server/spot/config';
import type { SpotService } from '../../../../server/spot/service';
import { createSpotThread } from '../../../../server/spot/thread/remote';
import type { JsonText } from '../../../../server/wire/jsonText';
import { decoded } from '../../helpers/jsonText';
import { fund, tick, trader } from '../../helpers/spot';
import { hostOf, tcpProxy } from '../../helpers/tcpProxy';
import { TEST_DATABASE_URL, forEachSharedEngine, type SharedTestDb } from '../../helpers/testDb';

const A = trader(601);
const postgres = forEachSharedEngine().find(([engine]) => engine === 'postgres')?.[1];

/**
 * The spot thread's own connection losing PostgreSQL (through a proxy the test cuts; the cluster
 * is shared and never stopped): an order placed meanwhile fails with the failure's code intact, so
 * the HTTP layer answers it `service_unavailable`; the thread lives on and takes orders again once
 * the database is back.
 */
describe.runIf(TEST_DATABASE_URL)('the spot thread while PostgreSQL cannot be reached', () => {
  let t: SharedTestDb | undefined;
  let spot: SpotService<JsonText<SpotOrderView>> | undefined;
  let proxy: Awaited<ReturnType<typeof tcpProxy>> | undefined;
  afterEach(async () => {
    await proxy?.restore();
    await spot?.stop();
    await proxy?.close();
    await t?.close();
    spot = undefined;
    t = undefined;
  }, 30_000);

  it('fails an order with the database’s failure, keeps running, and takes orders once it is back', async () => {
    t = await postgres!({ seed: true });
    const ledger = createLedger(t.db);
    await fund(ledger, A.id, { USDT: '100000', BTC: '2' });
    proxy = await tcpProxy(hostOf(TEST_DATABASE_URL!));
    const errors: unknown[] = [];
    spot = createSpotThread({
      db: t.db,
      ledger,
      database: { ...t.database, databaseUrl: proxy.through(t.database.databaseUrl!) },
      config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 0 },
      seed: 1,
      onError: (err) => errors.push(err),
    });
    await spot.start();
    const s = spot;
    const order = { pair: 'btcusdt', type: 'limit', price: '99000.00', qty: '0.01' } as const;
    tick(s, 'btcusdt', '100000.00', Date.now());
    expect(decoded(await s.place(A, 'buy', order)).status).toBe('app.data.order_pending');

    await proxy.cut();
    tick(s, 'btcusdt', '100000.00', Date.now());
    let failure: unknown;
    await s.place(A, 'buy', order).catch((err: unknown) => (failure = err));
    expect(isUnreachable(failure)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every(isUnreachable)).toBe(true);

    await proxy.restore();
    await vi.waitFor(
      async () => {
        tick(s, 'btcusdt', '100000.00', Date.now());
        expect(decoded(await s.place(A, 'buy', order)).status).toBe('app.data.order_pending');
      },
      { timeout: 10_000, interval: 200 },
    );
    const open = await s.list(A.id, { tab: 'open', status: 'all', page: 1, size: 10 });
    expect(open.list).toHaveLength(2);
  }, 30_000);
});
