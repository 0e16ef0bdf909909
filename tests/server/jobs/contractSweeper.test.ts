import { describe, expect, it } from 'vitest';
import type { ContractOrder } from '../../../protocol';
import { buildContracts } from '../../../server/contracts';
import { contractHarness, units } from '../helpers/contracts';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const [[, openSqlite]] = forEachEngine() as [[string, ReturnType<typeof forEachEngine>[number][1]]];

describe('the contract sweeper timer', () => {
  const db = useTestDb(openSqlite, { seed: true });

  it('settles each contract shortly after its close time, without being asked', async () => {
    const h = await contractHarness(db());
    // A 40 ms "minute" on the real clock: the timer, not the test, has to settle it.
    const live = buildContracts({
      db: db().db,
      ledger: h.ledger,
      config: { minuteMs: 40, openTickMaxAgeMs: 5000, maxTickAgeMs: 5000, settleDelayMs: 10 },
    });
    const settled = new Promise<ContractOrder>((resolve) =>
      live.service.onChange((_u, o) => o.status === 'completed' && resolve(o)),
    );
    await live.sweeper.start();
    await h.tick('btcusdt', Date.now(), '100.00');
    const alice = await h.user('100');
    const order = await live.service.place(alice, {
      pair: 'btcusdt',
      direction: 'down',
      cycle: 3,
      amount: '10',
      rate: '85.00',
      requestKey: 'timer-key-1',
    });
    await h.tick('btcusdt', order.openAt + 60, '99.00');
    const done = await settled;
    await live.sweeper.stop();
    expect(done).toMatchObject({ id: order.id, result: 'win', closePrice: '99.00', payout: '18.5' });
    expect(done.settledAt! - done.closeAt).toBeGreaterThanOrEqual(10);
    expect(await h.usdt(alice.id)).toBe(units('108.5'));
  });
});
