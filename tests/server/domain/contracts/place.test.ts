import { describe, expect, it } from 'vitest';
import { T0 } from '../../helpers/accounts';
import { HOUSE, contractHarness, units } from '../../helpers/contracts';
import { rejectsWith } from '../../helpers/errors';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const OPERATOR = { operatorId: null, name: 'cli:test' };

describe.each(forEachEngine())('placing a contract on %s', (_engine, open) => {
  const db = useTestDb(open, { seed: true });

  /** BTC recorded a second before T0, one funded user, and the 1-minute rate cut from 80 % to 10 %
   * by the operator after the reader's screen showed 80 %. */
  const afterRateCut = async () => {
    const h = await contractHarness(db());
    await h.tick('btcusdt', T0 - 1000, '100.00');
    const alice = await h.user('1000');
    await h.service.configure(OPERATOR, {
      pair: 'btcusdt',
      cycles: [{ minutes: 1, rate: '10', min: '10', max: '50000' }],
    });
    return { h, alice };
  };

  it('refuses a rate other than the one in force, saying the new one, and changes nothing', async () => {
    const { h, alice } = await afterRateCut();
    const house = await h.usdt(HOUSE);
    const err = await rejectsWith(
      h.place(alice, { rate: '80.00', requestKey: 'stale-rate-1' }),
      'rate_changed',
    );
    expect(err.data).toEqual({ rate: '10.00' });
    expect(await h.usdt(alice.id)).toBe(units('1000'));
    expect(await h.usdt(HOUSE)).toBe(house);
    expect((await h.service.list(alice.id, { state: 'open', page: 1, size: 20 })).total).toBe(0);
    // The same key, now at the rate the reader has been shown since: it opens, at that rate.
    const placed = await h.place(alice, { rate: '10', requestKey: 'stale-rate-1' });
    expect(placed).toMatchObject({ rate: '10.00', expected: '10' });
    expect(await h.usdt(alice.id)).toBe(units('900'));
  });

  it('answers a retry of a contract placed before the change with that contract, not a refusal', async () => {
    const h = await contractHarness(db());
    await h.tick('btcusdt', T0 - 1000, '100.00');
    const alice = await h.user('1000');
    const first = await h.place(alice, { requestKey: 'lost-answer-1' });
    await h.service.configure(OPERATOR, {
      pair: 'btcusdt',
      cycles: [{ minutes: 1, rate: '10', min: '10', max: '50000' }],
    });
    const retry = await h.place(alice, { requestKey: 'lost-answer-1' });
    expect(retry).toMatchObject({ id: first.id, rate: '80.00' });
    expect(await h.usdt(alice.id)).toBe(units('900'));
  });

  it('opens one of three contracts placed at once that each spend the whole balance, and refuses the others', async () => {
    const h = await contractHarness(db());
    await h.tick('btcusdt', T0 - 1000, '100.00');
    const alice = await h.user('100');
    const house = await h.usdt(HOUSE);
    const tries = await Promise.allSettled(
      ['whole-1', 'whole-2', 'whole-3'].map((requestKey) => h.place(alice, { amount: '100', requestKey })),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const t of tries.filter((r) => r.status === 'rejected')) {
      expect((t as PromiseRejectedResult).reason).toMatchObject({ errorName: 'insufficient_balance' });
    }
    expect(await h.usdt(alice.id)).toBe(0n);
    expect(await h.usdt(HOUSE)).toBe(house + units('100'));
    expect((await h.service.list(alice.id, { state: 'open', page: 1, size: 20 })).total).toBe(1);
  });
});
