import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS } from '../../../../server/domain/ledger/types';
import { SpotEngine } from '../../../../server/domain/spot/engine';
import type { Side } from '../../../../server/domain/spot/types';
import { E8, FEES, PAIR, UNITS, simulation } from './harness';

const A = 1;
const B = 2;
const C = 3;
const rich = () => ({ USDT: 1_000_000n * E8, BTC: 100n * E8 });
const limit = (userId: number, side: Side, price: number, qty: number) =>
  ({ userId, side, type: 'limit', price, qty, budget: null }) as const;

describe('spot engine', () => {
  it('rests a limit order with its funds frozen, and fills it in price-time priority', () => {
    const s = simulation({ [A]: rich(), [B]: rich(), [C]: rich() });
    s.place(limit(A, 'sell', 10_000_00, 5_000)); // 0.5 BTC at 10 000
    s.place(limit(B, 'sell', 10_000_00, 5_000));
    s.place(limit(C, 'sell', 9_990_00, 1_000));
    expect(s.balance(A, 'BTC')).toEqual({ available: (99_5n * E8) / 10n, frozen: E8 / 2n });
    const exec = s.place(limit(C, 'buy', 10_000_00, 8_000))!;
    // best price first (C's own ask is cancelled, not traded), then A before B at the same price
    expect(exec.trades.map((t) => [t.makerUserId, t.price, t.qty])).toEqual([
      [A, 10_000_00, 5_000],
      [B, 10_000_00, 3_000],
    ]);
    expect(s.persisted.get(3)!.status).toBe('cancelled');
    expect(s.persisted.get(1)!.status).toBe('completed');
    expect(s.persisted.get(2)).toMatchObject({ status: 'pending', filledQty: 3_000 });
    expect(s.persisted.get(4)).toMatchObject({ status: 'completed', filledQty: 8_000 });
  });

  it('charges the maker and taker fee on what each receives, into the fee account', () => {
    const s = simulation({ [A]: rich(), [B]: rich() });
    s.place(limit(A, 'sell', 20_000_00, 10_000)); // 1 BTC
    s.place(limit(B, 'buy', 20_000_00, 10_000));
    // A (maker) receives 20 000 USDT less 0.1 %; B (taker) receives 1 BTC less 0.2 %
    expect(s.balance(A, 'USDT').available).toBe(1_000_000n * E8 + 20_000n * E8 - 20n * E8);
    expect(s.balance(B, 'BTC').available).toBe(101n * E8 - (2n * E8) / 1000n);
    expect(s.balance(SYSTEM_ACCOUNTS.fees, 'USDT').available).toBe(20n * E8);
    expect(s.balance(SYSTEM_ACCOUNTS.fees, 'BTC').available).toBe((2n * E8) / 1000n);
  });

  it('fills a market buy only within the band and cancels the rest, and with it the order', () => {
    const s = simulation({ [A]: rich(), [B]: rich() });
    s.place(limit(A, 'sell', 100_00, 1_0000));
    s.place(limit(A, 'sell', 120_00, 1_0000));
    const exec = s.place(
      { userId: B, side: 'buy', type: 'market', price: null, qty: 3_0000, budget: null },
      {
        low: 90_00,
        high: 110_00,
      },
    )!;
    const taker = exec.orders.find((o) => o.userId === B)!;
    // Asked for 3, the band held 1: cancelled part-filled, as a limit order cancelled after a fill.
    expect(taker).toMatchObject({ status: 'cancelled', filledQty: 1_0000, frozen: 0n });
    expect(s.balance(B, 'USDT')).toEqual({ available: 1_000_000n * E8 - 100n * E8, frozen: 0n });
    expect(s.engine.book.best('sell')).toBe(120_00);
    const all = s.place(
      { userId: B, side: 'buy', type: 'market', price: null, qty: 1_0000, budget: null },
      { low: 90_00, high: 130_00 },
    )!;
    expect(all.orders.find((o) => o.userId === B)).toMatchObject({ status: 'completed', filledQty: 1_0000 });
  });

  it('completes a market buy by amount that spent all a lot more would need, and cancels one the band ran dry for', () => {
    const buy = (budget: bigint) =>
      ({ userId: B, side: 'buy', type: 'market', price: null, qty: null, budget }) as const;
    const s = simulation({ [A]: rich(), [B]: rich() });
    s.place(limit(A, 'sell', 100_00, 1_0000));
    s.place(limit(A, 'sell', 101_00, 1_0000));
    // 150 buys the lots at 100 and 0.4950 at 101, leaving 0.005 USDT: less than a lot more costs.
    const spent = s.place(buy(150n * E8))!;
    expect(spent.orders.find((o) => o.userId === B)).toMatchObject({
      status: 'completed',
      filledQty: 1_4950,
    });
    // 100 more finds only 0.5050 at 101 in the band: cancelled part-filled, the rest released.
    const dry = s.place(buy(100n * E8))!;
    expect(dry.orders.find((o) => o.userId === B)).toMatchObject({
      status: 'cancelled',
      filledQty: 5050,
      frozen: 0n,
    });
    // Nothing left at all: cancelled with nothing filled.
    expect(s.place(buy(100n * E8))!.orders[0]).toMatchObject({ status: 'cancelled', filledQty: 0 });
  });

  it('spends at most the amount of a market buy by amount', () => {
    const s = simulation({ [A]: rich(), [B]: rich() });
    s.place(limit(A, 'sell', 100_00, 10_0000));
    const exec = s.place({
      userId: B,
      side: 'buy',
      type: 'market',
      price: null,
      qty: null,
      budget: 250n * E8,
    })!;
    expect(exec.trades).toHaveLength(1);
    expect(exec.trades[0]!.qty).toBe(2_5000);
    expect(s.balance(B, 'USDT').frozen).toBe(0n);
  });

  it('releases what a limit buy does not need after filling below its price', () => {
    const s = simulation({ [A]: rich(), [B]: rich() });
    s.place(limit(A, 'sell', 90_00, 1_0000));
    s.place(limit(B, 'buy', 100_00, 2_0000));
    // 1 filled at 90; 1 rests at 100: exactly 100 stays frozen
    expect(s.balance(B, 'USDT').frozen).toBe(100n * E8);
  });

  it('cancels a resting order and releases its funds; a second cancel finds nothing', () => {
    const s = simulation({ [A]: rich() });
    s.place(limit(A, 'buy', 100_00, 1_0000));
    expect(s.cancel(1)!.orders[0]!.status).toBe('cancelled');
    expect(s.balance(A, 'USDT')).toEqual({ available: 1_000_000n * E8, frozen: 0n });
    expect(s.cancel(1)).toBeNull();
  });

  it('refuses to freeze more than the account holds', () => {
    const s = simulation({ [A]: { USDT: 10n * E8 } });
    expect(s.place(limit(A, 'buy', 100_00, 1_0000))).toBeNull();
    expect(s.engine.book.size).toBe(0);
  });
});

type Cmd =
  | { kind: 'limit'; user: number; side: Side; price: number; qty: number }
  | { kind: 'market'; user: number; side: Side; qty: number }
  | { kind: 'marketAmount'; user: number; amount: bigint }
  | { kind: 'cancel'; pick: number }
  | { kind: 'ref'; ref: number };

const users = [A, B, C, SYSTEM_ACCOUNTS.house];
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({
    kind: fc.constant('limit' as const),
    user: fc.constantFrom(...users),
    side: fc.constantFrom<Side>('buy', 'sell'),
    price: fc.integer({ min: 95_00, max: 105_00 }),
    qty: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('market' as const),
    user: fc.constantFrom(...users),
    side: fc.constantFrom<Side>('buy', 'sell'),
    qty: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('marketAmount' as const),
    user: fc.constantFrom(...users),
    amount: fc.bigInt({ min: 1n, max: 5_000n * E8 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('ref' as const), ref: fc.integer({ min: 96_00, max: 104_00 }) }),
);

describe('spot engine properties', () => {
  it('conserves every asset, never overdraws, never leaves the book crossed, and rebuilds from its orders', () => {
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 1, maxLength: 120 }), (cmds) => {
        const funds = Object.fromEntries(users.map((u) => [u, { USDT: 20_000n * E8, BTC: 200n * E8 }]));
        const s = simulation(funds);
        const before = s.totals();
        let ref = 100_00;
        for (const c of cmds) {
          const band = { low: Math.ceil(ref * 0.95), high: Math.floor(ref * 1.05) };
          if (c.kind === 'ref') ref = c.ref;
          else if (c.kind === 'cancel') {
            const open = [...s.engine.openOrders()];
            if (open.length > 0) s.cancel(open[c.pick % open.length]!.id);
          } else if (c.kind === 'limit') s.place(limit(c.user, c.side, c.price, c.qty), band);
          else if (c.kind === 'market')
            s.place(
              { userId: c.user, side: c.side, type: 'market', price: null, qty: c.qty, budget: null },
              band,
            );
          else
            s.place(
              { userId: c.user, side: 'buy', type: 'market', price: null, qty: null, budget: c.amount },
              band,
            );

          const bid = s.engine.book.best('buy');
          const ask = s.engine.book.best('sell');
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
        expect(s.totals()).toEqual(before);
        for (const b of s.balances().values()) {
          expect(b.available >= 0n && b.frozen >= 0n).toBe(true);
        }
        // Frozen funds are exactly what the open orders hold.
        for (const u of users) {
          const open = [...s.engine.openOrders()].filter((o) => o.userId === u);
          const sum = (side: Side) => open.filter((o) => o.side === side).reduce((a, o) => a + o.frozen, 0n);
          expect(s.balance(u, 'USDT').frozen).toBe(sum('buy'));
          expect(s.balance(u, 'BTC').frozen).toBe(sum('sell'));
        }
        // Replaying the persisted open orders in id order rebuilds the same book.
        const rebuilt = new SpotEngine(PAIR, UNITS, FEES, SYSTEM_ACCOUNTS.fees, () => 0);
        const open = [...s.persisted.values()]
          .filter((o) => o.status === 'pending')
          .sort((a, b) => a.id - b.id);
        for (const o of open) rebuilt.restore({ ...o });
        expect(rebuilt.book.snapshot()).toEqual(s.engine.book.snapshot());
      }),
      { numRuns: 150 },
    );
  });
});
