import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { T0 } from '../../helpers/accounts';
import { HOUSE, contractHarness, units } from '../../helpers/contracts';
import { forEachEngine } from '../../helpers/testDb';

const MIN = 60_000;
const [[, openSqlite]] = forEachEngine() as [[string, ReturnType<typeof forEachEngine>[number][1]]];

const contract = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  direction: fc.constantFrom('up' as const, 'down' as const),
  cycle: fc.constantFrom(1, 3, 5),
  amount: fc.integer({ min: 1000, max: 20_000 }).map((n) => (n / 100).toFixed(2)),
  placedAt: fc.integer({ min: 0, max: 5000 }),
});
const move = fc.integer({ min: -3, max: 3 });

describe('ledger conservation under contracts', () => {
  it('moves money only between users and the house: every unit is kept, each contract paid at most once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(contract, { minLength: 1, maxLength: 12 }),
        fc.array(move, { minLength: 6, maxLength: 6 }),
        async (orders, moves) => {
          const t = await openSqlite({ seed: true });
          try {
            const h = await contractHarness(t);
            await h.tick('btcusdt', T0 - 100, '100.00');
            const users = [await h.user('3000'), await h.user('3000'), await h.user('3000')];
            const start = await h.totalUsdt();
            const houseStart = await h.usdt(HOUSE);
            const placed = [];
            for (const o of [...orders].sort((a, b) => a.placedAt - b.placedAt)) {
              h.clock.now = T0 + o.placedAt;
              placed.push(await h.place(users[o.user]!, o));
            }
            // A price path: one tick every 50 s, moving a cent up or down or not at all.
            let price = 10_000;
            for (let i = 0; i < moves.length; i++) {
              price += moves[i]!;
              await h.tick('btcusdt', T0 + (i + 1) * 50_000, (price / 100).toFixed(2));
            }
            h.clock.now = T0 + 6 * MIN;
            await h.sweeper.sweep();
            await h.sweeper.sweep();
            expect(await h.totalUsdt()).toBe(start);
            const rows = await t.db.kysely
              .selectFrom('contracts')
              .select(['id', 'status', 'payout', 'amount'])
              .execute();
            expect(rows.every((r) => r.status === 'completed')).toBe(true);
            const credits = await t.db.kysely
              .selectFrom('journal')
              .select(['ref', 'available_change'])
              .where('user_id', '>', 0)
              .where('type', 'in', ['app.data.contract_payout', 'app.data.contract_refund'])
              .execute();
            expect(new Set(credits.map((c) => c.ref)).size).toBe(credits.length);
            const paid = rows.reduce((s, r) => s + BigInt(r.payout!), 0n);
            const staked = rows.reduce((s, r) => s + BigInt(r.amount), 0n);
            const userSum = (await Promise.all(users.map((u) => h.usdt(u.id)))).reduce((a, b) => a + b, 0n);
            expect(userSum).toBe(units('9000') - staked + paid);
            expect(placed).toHaveLength(orders.length);
            expect(await h.usdt(HOUSE)).toBe(houseStart + staked - paid);
          } finally {
            await t.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});
