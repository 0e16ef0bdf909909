import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import { transfer } from '../../../../server/domain/ledger/post';
import { SYSTEM_ACCOUNTS, type Movement } from '../../../../server/domain/ledger/types';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const NOW = Date.UTC(2026, 0, 1);
const E8 = 100_000_000n;

const credit = (userId: number, asset: string, units: bigint): Movement => ({
  userId,
  asset,
  available: units,
  frozen: 0n,
  type: 'app.data.deposit',
  ref: `deposit:${userId}`,
});

describe.each(forEachEngine())('ledger on %s', (_engine, open) => {
  const t = useTestDb(open);
  const ledger = () => createLedger(t().db);

  it('credits, freezes and releases, journaling each change with the balance it left', async () => {
    const l = ledger();
    await l.post([credit(7, 'USDT', 100n * E8)], NOW);
    await l.post(
      [
        {
          userId: 7,
          asset: 'USDT',
          available: -30n * E8,
          frozen: 30n * E8,
          type: 'app.data.spot_freeze',
          ref: 'order:1',
        },
      ],
      NOW + 1,
    );
    await l.post(
      [
        {
          userId: 7,
          asset: 'USDT',
          available: 10n * E8,
          frozen: -10n * E8,
          type: 'app.data.spot_release',
          ref: 'order:1',
        },
      ],
      NOW + 2,
    );
    expect(await l.balances(7)).toEqual([{ asset: 'USDT', available: '80.00000000', frozen: '20.00000000' }]);
    const page = await l.financ(7, { page: 1, size: 10 });
    expect(page.total).toBe(3);
    expect(
      page.list.map((e) => [e.type, e.availableChange, e.frozenChange, e.availableAfter, e.frozenAfter]),
    ).toEqual([
      ['app.data.spot_release', '10.00000000', '-10.00000000', '80.00000000', '20.00000000'],
      ['app.data.spot_freeze', '-30.00000000', '30.00000000', '70.00000000', '30.00000000'],
      ['app.data.deposit', '100.00000000', '0.00000000', '100.00000000', '0.00000000'],
    ]);
  });

  it('refuses a whole batch that would overdraw, writing nothing', async () => {
    const l = ledger();
    await l.post([credit(1, 'USDT', 5n * E8)], NOW);
    await expect(
      l.post([credit(2, 'USDT', E8), ...transfer(1, 2, 'USDT', 6n * E8, 'app.data.spot_trade', 'x')], NOW),
    ).rejects.toMatchObject({
      key: 'app.msg.insufficient_balance',
    });
    expect(await l.available(1, 'USDT')).toBe(5n * E8);
    expect(await l.available(2, 'USDT')).toBe(0n);
    expect((await l.financ(2, { page: 1, size: 10 })).total).toBe(0);
  });

  it('applies many posts of one transaction in memory and writes them together', async () => {
    const l = ledger();
    await l.post([credit(8, 'USDT', 10n * E8)], NOW);
    await t()
      .db.kysely.transaction()
      .execute(async (trx) => {
        const session = l.session(trx);
        await session.post(transfer(8, 9, 'USDT', 3n * E8, 'app.data.spot_trade', 'a'), NOW + 1);
        // The second post sees the first one's balances, not the stored ones.
        expect(await session.balance({ userId: 8, asset: 'USDT' })).toEqual({
          available: 7n * E8,
          frozen: 0n,
        });
        // A refused post leaves the session as it was.
        await expect(
          session.post(transfer(8, 9, 'USDT', 8n * E8, 'app.data.spot_trade', 'b'), NOW + 2),
        ).rejects.toMatchObject({ key: expect.stringContaining('insufficient_balance') });
        await session.post(transfer(9, 8, 'USDT', E8, 'app.data.spot_trade', 'c'), NOW + 3);
        // Nothing is written before the flush (PostgreSQL holds an empty row to lock, SQLite none).
        const stored = await trx
          .selectFrom('balances')
          .select('available')
          .where('user_id', '=', 9)
          .execute();
        expect(stored.filter((r) => r.available !== '0')).toEqual([]);
        await session.flush();
      });
    expect(await l.balances(8)).toEqual([{ asset: 'USDT', available: '8.00000000', frozen: '0.00000000' }]);
    expect(await l.balances(9)).toEqual([{ asset: 'USDT', available: '2.00000000', frozen: '0.00000000' }]);
    const page = await l.financ(9, { page: 1, size: 10 });
    expect(page.list.map((e) => [e.ref, e.availableChange, e.availableAfter])).toEqual([
      ['c', '-1.00000000', '2.00000000'],
      ['a', '3.00000000', '3.00000000'],
    ]);
  });

  it('filters the journal by type and asset, newest first, in pages', async () => {
    const l = ledger();
    for (let i = 1; i <= 5; i++) await l.post([credit(3, i % 2 ? 'USDT' : 'BTC', BigInt(i) * E8)], NOW + i);
    const usdt = await l.financ(3, { asset: 'USDT', page: 1, size: 2 });
    expect(usdt.total).toBe(3);
    expect(usdt.list.map((e) => e.availableChange)).toEqual(['5.00000000', '3.00000000']);
    expect(
      (await l.financ(3, { asset: 'USDT', page: 2, size: 2 })).list.map((e) => e.availableChange),
    ).toEqual(['1.00000000']);
    expect((await l.financ(3, { type: 'app.data.spot_fee', page: 1, size: 10 })).total).toBe(0);
  });

  it('tells listeners of committed changes only', async () => {
    const l = ledger();
    const seen: number[][] = [];
    l.onChange((entries) => seen.push(entries.map((e) => e.userId)));
    await l.post([credit(4, 'USDT', E8)], NOW);
    await expect(l.post([{ ...credit(4, 'USDT', 0n), available: -2n * E8 }], NOW)).rejects.toBeDefined();
    expect(seen).toEqual([[4]]);
  });

  it('keeps a negative balance out of the table even for a writer that skips the rules', async () => {
    const l = ledger();
    await l.post([credit(5, 'USDT', E8)], NOW);
    await expect(
      sql`update balances set available = '-1' where user_id = 5`.execute(t().db.kysely),
    ).rejects.toThrow();
  });

  it('conserves every asset across random transfers between accounts', async () => {
    const l = ledger();
    const accounts = [SYSTEM_ACCOUNTS.house, 11, 12, 13];
    await l.post(
      accounts.map((u) => credit(u, 'USDT', 1_000n * E8)),
      NOW,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.constantFrom(...accounts),
            to: fc.constantFrom(...accounts),
            amount: fc.bigInt({ min: 1n, max: 600n * E8 }),
          }),
          { maxLength: 8 },
        ),
        async (moves) => {
          for (const m of moves) {
            await l
              .post(transfer(m.from, m.to, 'USDT', m.amount, 'app.data.spot_trade', 'p'), NOW)
              .catch(() => undefined);
          }
          let total = 0n;
          for (const u of accounts) {
            const available = await l.available(u, 'USDT');
            expect(available >= 0n).toBe(true);
            total += available;
          }
          expect(total).toBe(4_000n * E8);
        },
      ),
      { numRuns: 15 },
    );
  });
});
