import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContracts } from '../../../../server/contracts';
import { insertProduct } from '../../../../server/db/repos/defi';
import { seedContractsIfEmpty } from '../../../../server/db/seed/contracts';
import { seedFundsIfEmpty } from '../../../../server/db/seed/funds';
import type { UserRecord } from '../../../../server/domain/accounts/ports';
import { AppError } from '../../../../server/domain/appError';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import { DEFAULT_SPOT_CONFIG } from '../../../../server/spot/config';
import { createSpot } from '../../../../server/spot/service';
import { createStaking } from '../../../../server/staking/service';
import { testClock, type TestClock } from '../../helpers/accounts';
import { TEST_CONTRACT_CONFIG, seededRate } from '../../helpers/contracts';
import { fund, trader } from '../../helpers/spot';
import { forEachEngine, type TestDb } from '../../helpers/testDb';
import { OPERATOR, insertUser, requestKey, units, usdtWithdrawal, walletFor } from '../../helpers/wallet';

/**
 * Every feature that moves money, driven together through its real service on one database:
 * the wallet's deposits and withdrawals, the spot books with the house quoting, timed contracts
 * and staking, some steps at once. Each feature keeps its own books; what they share is the
 * ledger's accounts (a user's USDT, the house's, the fees'), so this is where their transactions
 * meet: lock order, a freeze released twice, one feature spending what another froze.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const PAIRS = { btcusdt: 9_700_000, ethusdt: 340_000 } as const;
type Pair = keyof typeof PAIRS;
const QTY = { btcusdt: 5, ethusdt: 4 } as const;
/** How often the price feed ticks while time passes. */
const FEED_SECONDS = 8;

type Op =
  | { kind: 'deposit'; user: number; cents: number }
  | { kind: 'confirm'; pick: number }
  | { kind: 'withdraw'; user: number; cents: number }
  | { kind: 'review'; pick: number; decision: 'approve' | 'reject' | 'fail' }
  | { kind: 'limit'; user: number; pair: Pair; side: 'buy' | 'sell'; bp: number; lots: number }
  | { kind: 'market'; user: number; pair: Pair; side: 'buy' | 'sell'; lots: number; byAmount: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; pair: Pair; bp: number }
  | { kind: 'contract'; user: number; direction: 'up' | 'down'; cycle: number; amount: number }
  | { kind: 'time'; seconds: number }
  | { kind: 'pledge'; user: number; amount: number }
  | { kind: 'day' };

const user = fc.nat(2);
const pair = fc.constantFrom<Pair>('btcusdt', 'ethusdt');
const side = fc.constantFrom('buy' as const, 'sell' as const);
/** A day passing is rarer than the rest: it makes every open contract's closing price stale. */
const op: fc.Arbitrary<Op> = fc.oneof(
  ...[
    fc.record({
      kind: fc.constant('deposit' as const),
      user,
      cents: fc.integer({ min: 1000, max: 500_000 }),
    }),
    fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(20) }),
    fc.record({
      kind: fc.constant('withdraw' as const),
      user,
      cents: fc.integer({ min: 500, max: 800_000 }),
    }),
    fc.record({
      kind: fc.constant('review' as const),
      pick: fc.nat(20),
      decision: fc.constantFrom('approve' as const, 'reject' as const, 'fail' as const),
    }),
    fc.record({
      kind: fc.constant('limit' as const),
      user,
      pair,
      side,
      bp: fc.integer({ min: -300, max: 300 }),
      lots: fc.integer({ min: 1, max: 40 }),
    }),
    fc.record({
      kind: fc.constant('market' as const),
      user,
      pair,
      side,
      lots: fc.integer({ min: 1, max: 40 }),
      byAmount: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(30) }),
    fc.record({ kind: fc.constant('tick' as const), pair, bp: fc.integer({ min: -60, max: 60 }) }),
    fc.record({
      kind: fc.constant('contract' as const),
      user,
      direction: fc.constantFrom('up' as const, 'down' as const),
      cycle: fc.constantFrom(1, 3),
      amount: fc.integer({ min: 5, max: 3000 }),
    }),
    fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 120 }) }),
    fc.record({ kind: fc.constant('pledge' as const), user, amount: fc.integer({ min: 5, max: 6000 }) }),
  ].map((arbitrary: fc.Arbitrary<Op>) => ({ arbitrary, weight: 6 })),
  { arbitrary: fc.constant({ kind: 'day' as const }), weight: 1 },
);
/** Steps, each one or more operations issued at once. */
const steps = fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 30,
  size: 'medium',
});

const decimal = (cents: number) => (cents / 100).toFixed(2);

/** A refusal must be catalogued, and not the catch-all that stands for a bug. */
const refused = (e: unknown): e is AppError => e instanceof AppError && e.errorName !== 'unexpected_error';

/** The whole money state: every balance and how many journal entries there are. */
const snapshot = async (t: TestDb) => {
  const balances = await t.db.kysely
    .selectFrom('balances')
    .select(['user_id', 'asset', 'available', 'frozen'])
    .orderBy('user_id')
    .orderBy('asset')
    .execute();
  const { n } = await t.db.kysely
    .selectFrom('journal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    balances: balances.map((b) => `${b.user_id}:${b.asset}:${b.available}:${b.frozen}`),
    n: Number(n),
  };
};

const totals = async (t: TestDb) => {
  const sums = new Map<string, bigint>();
  for (const b of await t.db.kysely.selectFrom('balances').select(['asset', 'available', 'frozen']).execute())
    sums.set(b.asset, (sums.get(b.asset) ?? 0n) + BigInt(b.available) + BigInt(b.frozen));
  return sums;
};

/** What the chain gave (confirmed deposits) and took (paid withdrawals, less the fee kept), per coin. */
const external = async (t: TestDb) => {
  const net = new Map<string, bigint>();
  const add = (coin: string, v: bigint) => net.set(coin, (net.get(coin) ?? 0n) + v);
  for (const d of await t.db.kysely
    .selectFrom('deposits')
    .selectAll()
    .where('status', '=', 'success')
    .execute())
    add(d.coin, BigInt(d.credited_amount!));
  for (const w of await t.db.kysely
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'success')
    .execute())
    add(w.coin, -(BigInt(w.amount) - BigInt(w.fee)));
  return net;
};

/** Every account's journal, entry by entry in id order, adds up to the balance after it, and the
 * last one to the balance row. */
const checkJournal = async (t: TestDb) => {
  const rows = await t.db.kysely.selectFrom('journal').selectAll().orderBy('id').execute();
  const running = new Map<string, { available: bigint; frozen: bigint }>();
  for (const r of rows) {
    const key = `${r.user_id}:${r.asset}`;
    const before = running.get(key) ?? { available: 0n, frozen: 0n };
    const after = {
      available: before.available + BigInt(r.available_change),
      frozen: before.frozen + BigInt(r.frozen_change),
    };
    expect({ key, id: r.id, available: r.available_after, frozen: r.frozen_after }).toEqual({
      key,
      id: r.id,
      available: after.available.toString(),
      frozen: after.frozen.toString(),
    });
    running.set(key, after);
  }
  const balances = await t.db.kysely.selectFrom('balances').selectAll().execute();
  for (const b of balances) {
    const j = running.get(`${b.user_id}:${b.asset}`) ?? { available: 0n, frozen: 0n };
    expect({
      account: `${b.user_id}:${b.asset}`,
      available: BigInt(b.available),
      frozen: BigInt(b.frozen),
    }).toEqual({
      account: `${b.user_id}:${b.asset}`,
      ...j,
    });
    expect(BigInt(b.available) >= 0n && BigInt(b.frozen) >= 0n).toBe(true);
  }
};

/**
 * What each contract, pledge, deposit and withdrawal moved, read from the journal by its reference,
 * is what its own row says it should: a payout made twice, a freeze released twice, or one source's
 * money moved under another's keeps the totals and would pass every check above.
 */
const checkSources = async (t: TestDb) => {
  const k = t.db.kysely;
  const moved = new Map<string, { user: bigint; all: bigint }>();
  for (const r of await k
    .selectFrom('journal')
    .select(['ref', 'user_id', 'available_change', 'frozen_change'])
    .execute()) {
    const change = BigInt(r.available_change) + BigInt(r.frozen_change);
    const m = moved.get(r.ref) ?? { user: 0n, all: 0n };
    if (r.user_id > 0) m.user += change;
    m.all += change;
    moved.set(r.ref, m);
  }
  const expected = new Map<string, { user: bigint; all: bigint }>();
  for (const c of await k.selectFrom('contracts').select(['id', 'amount', 'payout']).execute())
    expected.set(`contract:${c.id}`, { user: BigInt(c.payout!) - BigInt(c.amount), all: 0n });
  for (const p of await k.selectFrom('defi_pledges').select(['id', 'income_paid']).execute())
    expected.set(`pledge:${p.id}`, { user: BigInt(p.income_paid), all: 0n });
  for (const d of await k.selectFrom('deposits').select(['id', 'status', 'credited_amount']).execute()) {
    const credited = d.status === 'success' ? BigInt(d.credited_amount!) : 0n;
    expected.set(`deposit:${d.id}`, { user: credited, all: credited });
  }
  for (const w of await k.selectFrom('withdrawals').select(['id', 'status', 'amount', 'fee']).execute()) {
    const paid = w.status === 'success';
    expected.set(`withdrawal:${w.id}`, {
      user: paid ? -BigInt(w.amount) : 0n,
      all: paid ? -(BigInt(w.amount) - BigInt(w.fee)) : 0n,
    });
  }
  for (const [ref, want] of expected)
    expect({ ref, ...(moved.get(ref) ?? { user: 0n, all: 0n }) }).toEqual({ ref, ...want });
};

const run = async (t: TestDb, clock: TestClock, plan: Op[][]) => {
  const now = () => clock.now;
  const errors: unknown[] = [];
  const onError = (err: unknown) => errors.push(err);
  const { wallet } = await walletFor(t, { clock: now });
  await seedContractsIfEmpty(t.db.kysely, clock.now);
  const ledger = createLedger(t.db);
  await seedFundsIfEmpty(t.db, ledger, clock.now);
  const contracts = buildContracts({ db: t.db, ledger, config: TEST_CONTRACT_CONFIG, now, onError });
  const spot = createSpot({
    db: t.db,
    ledger,
    config: { ...DEFAULT_SPOT_CONFIG, houseLevels: 3 },
    now,
    certificationOn: async () => false,
    onError,
  });
  const staking = createStaking({ db: t.db, ledger, clock: async () => clock.now, onError });
  const product = await insertProduct(
    t.db.kysely,
    {
      name: 'Mixed 2',
      asset: 'USDT',
      cycleDays: 2,
      dailyRate: 500_000n,
      minAmount: units('10'),
      maxAmount: units('5000'),
      totalQuota: units('100000'),
      purchaseLimit: 3,
      enabled: true,
      sort: 0,
    },
    clock.now,
  );
  const users: UserRecord[] = [];
  for (let i = 0; i < 3; i++) {
    const u = await insertUser(t);
    await fund(ledger, u.id, { USDT: '20000', BTC: '0.5', ETH: '5' });
    users.push(u);
  }
  // The last run closed the books to take the house's quotes down.
  await t.db.kysely.updateTable('pairs').set({ spot_enabled: 1 }).execute();
  await spot.start();
  const prices: Record<Pair, number> = { ...PAIRS };
  const tick = async (p: Pair) => {
    await t.db.kysely
      .insertInto('ticks')
      .values({ pair: p, ts: clock.now, price: decimal(prices[p]), qty: '1', source: 'test' })
      .execute();
    spot.onTick({ pair: p, ts: clock.now, price: BigInt(prices[p]), qty: 1n, source: 'test' });
  };
  const feed = async () => {
    for (const p of Object.keys(PAIRS) as Pair[]) await tick(p);
  };
  await feed();
  await spot.idle();

  const start = await totals(t);
  const startNet = await external(t);
  const deposits: number[] = [];
  const withdrawals: number[] = [];
  const orders: Array<{ userId: number; id: number }> = [];

  const perform = async (o: Op): Promise<void> => {
    switch (o.kind) {
      case 'deposit': {
        const d = await wallet.submitDeposit(users[o.user]!, {
          coin: 'USDT',
          network: 'TRC20',
          amount: decimal(o.cents),
        });
        deposits.push(d.id);
        return;
      }
      case 'confirm':
        if (deposits.length > 0) await wallet.confirmDeposit(OPERATOR, deposits[o.pick % deposits.length]!);
        return;
      case 'withdraw': {
        const w = await wallet.submitWithdrawal(users[o.user]!, usdtWithdrawal(decimal(o.cents)));
        withdrawals.push(w.id);
        return;
      }
      case 'review': {
        if (withdrawals.length === 0) return;
        const id = withdrawals[o.pick % withdrawals.length]!;
        if (o.decision === 'approve') await wallet.approveWithdrawal(OPERATOR, id);
        else if (o.decision === 'reject') await wallet.rejectWithdrawal(OPERATOR, id, 'no');
        else await wallet.failWithdrawal(OPERATOR, id, 'no');
        return;
      }
      case 'limit': {
        const u = users[o.user]!;
        const price = Math.round((prices[o.pair] * (10_000 + o.bp)) / 10_000);
        const placed = await spot.place(trader(u.id), o.side, {
          pair: o.pair,
          type: 'limit',
          price: decimal(price),
          qty: (o.lots / 10 ** (QTY[o.pair] - 2)).toFixed(QTY[o.pair]),
        });
        orders.push({ userId: u.id, id: placed.id });
        return;
      }
      case 'market': {
        const u = users[o.user]!;
        const qty = (o.lots / 10 ** (QTY[o.pair] - 2)).toFixed(QTY[o.pair]);
        const placed = await spot.place(
          trader(u.id),
          o.side,
          o.side === 'buy' && o.byAmount
            ? { pair: o.pair, type: 'market', amount: String(o.lots * 25) }
            : { pair: o.pair, type: 'market', qty },
        );
        orders.push({ userId: u.id, id: placed.id });
        return;
      }
      case 'cancel':
        if (orders.length > 0) {
          const { userId, id } = orders[o.pick % orders.length]!;
          await spot.cancel(userId, id);
        }
        return;
      case 'tick':
        clock.advance(2000);
        prices[o.pair] = Math.round((prices[o.pair] * (10_000 + o.bp)) / 10_000);
        return tick(o.pair);
      case 'contract':
        await contracts.service.place(users[o.user]!, {
          pair: 'btcusdt',
          direction: o.direction,
          cycle: o.cycle,
          amount: String(o.amount),
          rate: seededRate(o.cycle),
          requestKey: requestKey(),
        });
        return;
      case 'time':
        // The feed goes on meanwhile: contracts close on a fresh price, and orders meet one.
        for (let left = o.seconds; left > 0; left -= FEED_SECONDS) {
          clock.advance(Math.min(left, FEED_SECONDS) * 1000);
          await feed();
        }
        await contracts.sweeper.sweep();
        return;
      case 'pledge':
        await staking.pledge(users[o.user]!, product, String(o.amount), requestKey());
        return;
      case 'day':
        clock.advance(DAY);
        await feed();
        await staking.accrue();
        await contracts.sweeper.sweep();
        return;
    }
  };

  try {
    for (const step of plan) {
      if (step.length === 1) {
        // On its own, a refused operation must leave every balance and the journal as they were.
        await contracts.sweeper.sweep();
        await spot.idle();
        const before = await snapshot(t);
        try {
          await perform(step[0]!);
        } catch (e) {
          if (!refused(e)) throw e;
          await spot.idle();
          expect({ refused: e.errorName, ...(await snapshot(t)) }).toEqual({
            refused: e.errorName,
            ...before,
          });
        }
      } else {
        const outcomes = await Promise.allSettled(step.map(perform));
        for (const o of outcomes) if (o.status === 'rejected' && !refused(o.reason)) throw o.reason;
      }
      await spot.idle();
    }

    // Wind everything down: every open order cancelled, the books closed (the house takes its
    // quotes down), every withdrawal reviewed, every contract and pledge run to its end.
    const open = await t.db.kysely
      .selectFrom('spot_orders')
      .select(['id', 'user_id'])
      .where('status', '=', 'pending')
      .where('user_id', '>', 0)
      .execute();
    await Promise.all(open.map((o) => spot.cancel(o.user_id, o.id)));
    await t.db.kysely.updateTable('pairs').set({ spot_enabled: 0 }).execute();
    await spot.reloadSettings();
    await spot.idle();
    const pending = await t.db.kysely
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    for (const w of pending) await wallet.rejectWithdrawal(OPERATOR, w.id, 'wind down');
    clock.advance(10 * MINUTE);
    await contracts.sweeper.sweep();
    clock.advance(3 * DAY);
    await staking.accrue();

    expect(errors).toEqual([]);
    const openContracts = await t.db.kysely
      .selectFrom('contracts')
      .select('id')
      .where('status', '!=', 'completed')
      .execute();
    expect(openContracts).toEqual([]);
    const frozen = await t.db.kysely
      .selectFrom('balances')
      .select(['user_id', 'asset', 'frozen'])
      .where('frozen', '!=', '0')
      .execute();
    expect(frozen).toEqual([]);
    const end = await totals(t);
    const net = await external(t);
    for (const asset of new Set([...start.keys(), ...end.keys()]))
      expect({ asset, total: end.get(asset) ?? 0n }).toEqual({
        asset,
        total: (start.get(asset) ?? 0n) + (net.get(asset) ?? 0n) - (startNet.get(asset) ?? 0n),
      });
    await checkJournal(t);
    await checkSources(t);
  } finally {
    await contracts.sweeper.stop();
    await spot.stop();
  }
};

describe.each(forEachEngine())('money across every feature on %s', (engine, open) => {
  // One database for the runs (a fresh one each cost seconds on PostgreSQL): every run winds down
  // to nothing open and nothing frozen, checks what changed since it began, and leaves that quiet
  // state to the next, on a clock that only moves on. A failed run may leave anything behind, so
  // the next (fast-check shrinking it) starts on a fresh database.
  let t: TestDb | undefined;
  const clock = testClock();
  const drop = async () => {
    await t?.close();
    t = undefined;
  };
  afterAll(drop);

  it('keeps every unit, leaves nothing frozen, journals every change, and refuses cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        // Writers taking shared accounts in different orders deadlock on PostgreSQL, and a victim is
        // retried: only the second's stall would show. Under deadlock_timeout (1 s), a lock waited
        // for that long fails the step instead; the transactions here hold theirs for milliseconds.
        t ??= await open({ seed: true, pgSettings: { lock_timeout: '800ms' } });
        try {
          await run(t, clock, plan);
        } catch (e) {
          await drop();
          throw e;
        }
      }),
      {
        numRuns: engine === 'sqlite' ? 30 : 15,
        interruptAfterTimeLimit: 50_000,
        markInterruptAsFailure: true,
      },
    );
  }, 120_000);
});
