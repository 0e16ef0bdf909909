import { describe, expect, it } from 'vitest';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { DEFAULT_CONTRACT_CONFIG } from '../../../../server/contracts';
import { settleContracts } from '../../../../server/domain/contracts/settle';
import { contractStore, tickReader } from '../../../../server/db/repos/contracts';
import { createContractSweeper } from '../../../../server/jobs/contractSweeper';
import { T0 } from '../../helpers/accounts';
import { HOUSE, contractHarness, units, type ContractHarness } from '../../helpers/contracts';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const MIN = 60_000;

describe.each(forEachEngine())('contract settlement on %s', (_engine, open) => {
  const db = useTestDb(open, { seed: true });

  /** A harness with BTC recorded at 100.00 a second before T0, and one funded user. */
  const setup = async () => {
    const h = await contractHarness(db());
    await h.tick('btcusdt', T0 - 1000, '100.00');
    return { h, alice: await h.user('1000') };
  };

  const settleAt = async (h: ContractHarness, at: number) => {
    h.clock.now = at;
    return h.sweeper.sweep();
  };

  it('opens on the last recorded tick, debits the amount to the house and keeps the receipt', async () => {
    const { h, alice } = await setup();
    const house = await h.usdt(HOUSE);
    const order = await h.place(alice, { amount: '100' });
    expect(order).toMatchObject({
      status: 'pending',
      statusname: 'app.data.contract_pending',
      directionname: 'app.data.contract_up',
      openAt: T0,
      closeAt: T0 + MIN,
      openPrice: '100.00',
      rate: '80.00',
      expected: '80',
      openTick: { ts: T0 - 1000, price: '100.00', source: 'test' },
      closeTick: null,
    });
    expect(await h.usdt(alice.id)).toBe(units('900'));
    expect(await h.usdt(HOUSE)).toBe(house + units('100'));
  });

  it('settles on a tick exactly at the close time: a win pays amount × (1 + rate)', async () => {
    const { h, alice } = await setup();
    const order = await h.place(alice, { amount: '100', direction: 'up' });
    await h.tick('btcusdt', T0 + MIN, '100.01');
    expect(await settleAt(h, T0 + MIN + 250)).toBe(1);
    const done = await h.service.detail(alice.id, order.id);
    expect(done).toMatchObject({
      status: 'completed',
      statusname: 'app.data.contract_completed',
      result: 'win',
      resultname: 'app.data.contract_win',
      closePrice: '100.01',
      payout: '180',
      profit: '80',
      closeTick: { ts: T0 + MIN, price: '100.01' },
    });
    expect(await h.usdt(alice.id)).toBe(units('1080'));
  });

  it('never uses a tick recorded after the close time', async () => {
    const { h, alice } = await setup();
    const order = await h.place(alice, { direction: 'up' });
    await h.tick('btcusdt', T0 + MIN - 1, '99.99');
    await h.tick('btcusdt', T0 + MIN + 1, '150.00');
    await settleAt(h, T0 + MIN + 250);
    expect(await h.service.detail(alice.id, order.id)).toMatchObject({
      result: 'loss',
      closePrice: '99.99',
      payout: '0',
      profit: '-100',
      closeTick: { ts: T0 + MIN - 1 },
    });
    expect(await h.usdt(alice.id)).toBe(units('900'));
  });

  it('waits for the settle delay before settling', async () => {
    const { h, alice } = await setup();
    await h.place(alice, {});
    await h.tick('btcusdt', T0 + MIN, '101.00');
    expect(await settleAt(h, T0 + MIN + 100)).toBe(0);
    expect(await settleAt(h, T0 + MIN + 250)).toBe(1);
  });

  it('refunds a tie, and a down contract wins on a fall', async () => {
    const { h, alice } = await setup();
    const tie = await h.place(alice, { direction: 'down', amount: '50' });
    const fall = await h.place(alice, { direction: 'down', amount: '10', cycle: 3 });
    await h.tick('btcusdt', T0 + MIN - 10, '100.00');
    await settleAt(h, T0 + MIN + 250);
    expect(await h.service.detail(alice.id, tie.id)).toMatchObject({
      result: 'tie',
      payout: '50',
      profit: '0',
    });
    await h.tick('btcusdt', T0 + 3 * MIN - 10, '99.50');
    await settleAt(h, T0 + 3 * MIN + 250);
    expect(await h.service.detail(alice.id, fall.id)).toMatchObject({
      result: 'win',
      payout: '18.5',
      profit: '8.5',
    });
    expect(await h.usdt(alice.id)).toBe(units('1008.5'));
  });

  it('voids and refunds when the feed was stale at the close time', async () => {
    const { h, alice } = await setup();
    const order = await h.place(alice, {});
    // The newest tick before the close is 10.001 s old: older than the 10 s bound.
    await h.tick('btcusdt', T0 + MIN - 10_001, '120.00');
    await settleAt(h, T0 + MIN + 250);
    expect(await h.service.detail(alice.id, order.id)).toMatchObject({
      result: 'void',
      resultname: 'app.data.contract_void',
      closePrice: null,
      closeTick: null,
      payout: '100',
      profit: '0',
    });
    expect(await h.usdt(alice.id)).toBe(units('1000'));
  });

  it('refuses to open on a stale feed (price abnormal)', async () => {
    const { h, alice } = await setup();
    h.clock.now = T0 + 9_000;
    await expect(h.place(alice, {})).resolves.toMatchObject({ status: 'pending' });
    h.clock.now = T0 + 9_001;
    await expect(h.place(alice, {})).rejects.toMatchObject({ errorName: 'price_abnormal' });
  });

  it('opens only on a tick at most two seconds old, as the server is configured by default', async () => {
    const h = await contractHarness(db(), DEFAULT_CONTRACT_CONFIG);
    await h.tick('btcusdt', T0 - 1000, '100.00');
    const alice = await h.user('1000');
    h.clock.now = T0 + 1_000;
    await expect(h.place(alice, {})).resolves.toMatchObject({ status: 'pending' });
    // A feed stalled for a moment: the last price is old, and the market may have moved since.
    h.clock.now = T0 + 1_001;
    await expect(h.place(alice, {})).rejects.toMatchObject({ errorName: 'price_abnormal' });
    expect(await h.usdt(alice.id)).toBe(units('900'));
  });

  it('settles everything that closed while the server was down, once, after a restart', async () => {
    const { h, alice } = await setup();
    const a = await h.place(alice, { direction: 'up' });
    const b = await h.place(alice, { direction: 'down', cycle: 5 });
    await h.tick('btcusdt', T0 + MIN, '101.00');
    await h.tick('btcusdt', T0 + 5 * MIN, '102.00');
    // Down for an hour; a new instance starts on the same database.
    await h.sweeper.stop();
    h.clock.now = T0 + 60 * MIN;
    const again = h.restart();
    expect(await again.sweeper.start()).toBe(2);
    await again.sweeper.stop();
    expect((await h.service.detail(alice.id, a.id)).result).toBe('win');
    expect((await h.service.detail(alice.id, b.id)).result).toBe('loss');
    expect(await h.usdt(alice.id)).toBe(units('980'));
  });

  it('finishes contracts left in closing by a crash mid-settlement', async () => {
    const { h, alice } = await setup();
    const order = await h.place(alice, {});
    await h.tick('btcusdt', T0 + MIN, '101.00');
    h.clock.now = T0 + MIN + 300;
    await contractStore(db().db.kysely).markClosing([order.id]);
    expect((await h.service.detail(alice.id, order.id)).status).toBe('closing');
    expect(await h.restart().sweeper.sweep()).toBe(1);
    expect(await h.service.detail(alice.id, order.id)).toMatchObject({ status: 'completed', result: 'win' });
  });

  it('pays once however many sweepers run at the same time', async () => {
    const { h, alice } = await setup();
    const orders = await Promise.all([1, 2, 3].map(() => h.place(alice, { amount: '10' })));
    await h.tick('btcusdt', T0 + MIN, '105.00');
    h.clock.now = T0 + MIN + 300;
    const others = [h.restart(), h.restart()];
    const counts = await Promise.all([h.sweeper.sweep(), ...others.map((o) => o.sweeper.sweep())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    // Settling again by hand (the guard, not the sweeper, decides) changes nothing.
    const again = await settleContracts(
      (fn) =>
        db()
          .db.kysely.transaction()
          .execute((trx) =>
            fn({
              contracts: contractStore(trx),
              ticks: tickReader(trx),
              post: (m, at) => h.ledger.postIn(trx, m, at),
            }),
          ),
      orders.map((o) => o.id),
      { maxTickAgeMs: 10_000, now: () => h.clock.now },
    );
    expect(again.settled).toEqual([]);
    const payouts = await db()
      .db.kysely.selectFrom('journal')
      .select('ref')
      .where('type', '=', 'app.data.contract_payout')
      .where('user_id', '=', alice.id)
      .execute();
    expect(payouts.map((p) => p.ref).sort()).toEqual(orders.map((o) => `contract:${o.id}`).sort());
    expect(await h.usdt(alice.id)).toBe(units('1024'));
  });

  it('settles many contracts closing in the same second, conserving every unit', async () => {
    const { h } = await setup();
    const total = await h.totalUsdt();
    const users = await Promise.all(Array.from({ length: 12 }, () => h.user('500')));
    const before = await h.totalUsdt();
    expect(before - total).toBe(units('6000'));
    const placed = [];
    for (let i = 0; i < 120; i++) {
      h.clock.now = T0 + (i % 4) * 200; // four placement times within the same second
      placed.push(await h.place(users[i % 12]!, { direction: i % 2 ? 'up' : 'down', amount: '10' }));
    }
    await h.tick('btcusdt', T0 + MIN - 50, '100.50');
    await h.tick('btcusdt', T0 + MIN + 100, '100.50');
    await h.tick('btcusdt', T0 + MIN + 700, '99.50');
    h.clock.now = T0 + MIN + 2000;
    const sweepers = [h.sweeper, h.restart().sweeper];
    const counts = await Promise.all(sweepers.map((s) => s.sweep()));
    expect(counts[0]! + counts[1]!).toBe(120);
    const rows = await db()
      .db.kysely.selectFrom('contracts')
      .select(['status', 'result', 'close_price'])
      .execute();
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    // Closes at T0+1m+0 see the tick of -50 ms, later ones that of +100 ms; none sees +700's price.
    expect(new Set(rows.map((r) => r.close_price))).toEqual(new Set(['100.50']));
    expect(await h.totalUsdt()).toBe(before);
    const wins = rows.filter((r) => r.result === 'win').length;
    expect(wins).toBe(60);
    const userTotal = (await Promise.all(users.map((u) => h.usdt(u.id)))).reduce((a, b) => a + b, 0n);
    // 6000 in, 1200 staked, 60 wins paying 18 each.
    expect(userTotal).toBe(units('5880'));
  });

  it('reads prices from the tick store only', async () => {
    const { h, alice } = await setup();
    const order = await h.place(alice, {});
    await h.tick('btcusdt', T0 + MIN - 5, '100.02');
    h.clock.now = T0 + MIN + 300;
    const tables = new Set<string>();
    const spy: KyselyPlugin = {
      transformQuery: ({ node }: { node: RootOperationNode }) => {
        // Amounts bound on SQLite are bigints, which JSON.stringify refuses.
        for (const m of JSON.stringify(node, (_k, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : v,
        ).matchAll(
          /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode",(?:"schema":[^}]*,)?"identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g,
        ))
          // `excluded` is an upsert's incoming row, not a table.
          if (m[1] !== 'excluded') tables.add(m[1]!);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const spied = db().db.kysely.withPlugin(spy);
    const sweeper = createContractSweeper({
      runInTx: (fn) =>
        spied.transaction().execute((trx) =>
          fn({
            contracts: contractStore(trx),
            ticks: tickReader(trx),
            post: (m, at) => h.ledger.postIn(trx, m, at),
          }),
        ),
      contracts: contractStore(spied),
      syncFeed: async () => undefined,
      onSettled: () => undefined,
      settleDelayMs: 250,
      maxTickAgeMs: 10_000,
      now: () => h.clock.now,
    });
    expect(await sweeper.sweep()).toBe(1);
    // Contracts, the recorded ticks and the ledger: no settings, no config, no market, no user flags.
    expect([...tables].sort()).toEqual(['balances', 'contracts', 'journal', 'ticks']);
    expect(await h.service.detail(alice.id, order.id)).toMatchObject({ result: 'win', closePrice: '100.02' });
  });
});
