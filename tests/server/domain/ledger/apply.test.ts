import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAll, applyMovement, balanceKey } from '../../../../server/domain/ledger/apply';
import type { Balance, Movement } from '../../../../server/domain/ledger/types';

const movement = fc.record({
  userId: fc.integer({ min: 1, max: 3 }),
  asset: fc.constantFrom('USDT', 'BTC'),
  available: fc.bigInt({ min: -1_000n, max: 1_000n }),
  frozen: fc.bigInt({ min: -1_000n, max: 1_000n }),
  type: fc.constant('app.data.deposit' as const),
  ref: fc.constant('t'),
});

describe('applying movements', () => {
  it('moves available and frozen by the signed amounts', () => {
    expect(applyMovement({ available: 100n, frozen: 0n }, { available: -40n, frozen: 40n })).toEqual({
      available: 60n,
      frozen: 40n,
    });
  });

  it('refuses a movement that would overdraw either part', () => {
    expect(applyMovement({ available: 10n, frozen: 5n }, { available: -11n, frozen: 0n })).toBeNull();
    expect(applyMovement({ available: 10n, frozen: 5n }, { available: 6n, frozen: -6n })).toBeNull();
  });

  it('never leaves a negative balance, and refuses a batch exactly when some step would overdraw', () => {
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 30 }), (movements: Movement[]) => {
        const result = applyAll(new Map(), movements);
        // Replay by hand to find whether any step overdraws.
        const seen = new Map<string, Balance>();
        let overdrawn = false;
        for (const m of movements) {
          const b = seen.get(balanceKey(m)) ?? { available: 0n, frozen: 0n };
          const next = { available: b.available + m.available, frozen: b.frozen + m.frozen };
          if (next.available < 0n || next.frozen < 0n) overdrawn = true;
          seen.set(balanceKey(m), next);
        }
        expect(result === null).toBe(overdrawn);
        if (result) {
          for (const b of result.balances.values()) {
            expect(b.available >= 0n && b.frozen >= 0n).toBe(true);
          }
          expect(result.after).toHaveLength(movements.length);
        }
      }),
    );
  });
  it('answers the new balances of exactly the accounts moved, leaving the given ones as they were', () => {
    const start = fc.array(
      fc.record({
        userId: fc.integer({ min: 1, max: 3 }),
        asset: fc.constantFrom('USDT', 'BTC'),
        available: fc.bigInt({ min: 0n, max: 5_000n }),
        frozen: fc.bigInt({ min: 0n, max: 5_000n }),
      }),
    );
    fc.assert(
      fc.property(start, fc.array(movement, { maxLength: 30 }), (accounts, movements: Movement[]) => {
        const given = new Map(
          accounts.map((a) => [balanceKey(a), { available: a.available, frozen: a.frozen }]),
        );
        const before = new Map(given);
        const result = applyAll(given, movements);
        expect(given).toEqual(before);
        if (!result) return;
        const expected = new Map<string, Balance>();
        for (const m of movements) {
          const b = expected.get(balanceKey(m)) ?? given.get(balanceKey(m)) ?? { available: 0n, frozen: 0n };
          expected.set(balanceKey(m), { available: b.available + m.available, frozen: b.frozen + m.frozen });
        }
        expect(result.balances).toEqual(expected);
      }),
    );
  });
});
