import { describe, expect, it } from 'vitest';
import type { AccountKey, LedgerStore } from '../../../../server/domain/ledger/ports';
import { openLedgerSession } from '../../../../server/domain/ledger/post';
import type { Movement } from '../../../../server/domain/ledger/types';

/** A store whose every account holds 100 available, recording each read and what is written. */
const store = () => {
  const reads: string[][] = [];
  const written: { balances: unknown[]; journal: unknown[] } = { balances: [], journal: [] };
  const s: LedgerStore = {
    lock: async (keys) => {
      reads.push(keys.map((k) => `${k.userId}:${k.asset}`));
      return new Map(keys.map((k) => [`${k.userId}:${k.asset}`, { available: 100n, frozen: 0n }]));
    },
    save: async (balances) => void written.balances.push(...balances),
    journal: async (entries) => void written.journal.push(...entries),
  };
  return { s, reads, written };
};

const freeze = (userId: number, asset: string, amount: bigint): Movement => ({
  userId,
  asset,
  available: -amount,
  frozen: amount,
  type: 'app.data.spot_freeze',
  ref: `order:${userId}`,
});

describe('a ledger session', () => {
  it('reads the accounts it is told to hold in one statement, in lock order, and never again', async () => {
    const { s, reads } = store();
    const session = openLedgerSession(s);
    const accounts: AccountKey[] = [
      { userId: 9, asset: 'USDT' },
      { userId: 3, asset: 'BTC' },
      { userId: 3, asset: 'BTC' },
    ];
    await session.hold(accounts);
    expect(reads).toEqual([['3:BTC', '9:USDT']]);
    await session.post([freeze(9, 'USDT', 10n)], 1);
    await session.post([freeze(3, 'BTC', 5n), freeze(4, 'BTC', 1n)], 1);
    expect(reads).toEqual([['3:BTC', '9:USDT'], ['4:BTC']]);
    expect(await session.balance({ userId: 9, asset: 'USDT' })).toEqual({ available: 90n, frozen: 10n });
    expect(reads).toHaveLength(2);
  });

  it('answers each movement as the entry it journals, with the balance after it and the time', async () => {
    const { s, written } = store();
    const session = openLedgerSession(s);
    const posted = await session.post(
      [
        freeze(1, 'USDT', 30n),
        { ...freeze(1, 'USDT', 0n), type: 'app.data.spot_release' },
        freeze(1, 'USDT', 20n),
      ],
      7,
    );
    // A movement that moves nothing is left out.
    expect(posted).toEqual([
      { ...freeze(1, 'USDT', 30n), after: { available: 70n, frozen: 30n }, createdAt: 7 },
      { ...freeze(1, 'USDT', 20n), after: { available: 50n, frozen: 50n }, createdAt: 7 },
    ]);
    await session.flush();
    expect(written.journal).toEqual(posted);
    expect(written.balances).toEqual([{ userId: 1, asset: 'USDT', available: 50n, frozen: 50n }]);
  });

  it('leaves itself as it was when a post would overdraw', async () => {
    const { s, written } = store();
    const session = openLedgerSession(s);
    await session.post([freeze(1, 'USDT', 60n)], 1);
    await expect(session.post([freeze(2, 'USDT', 1n), freeze(1, 'USDT', 41n)], 2)).rejects.toMatchObject({
      key: expect.stringContaining('insufficient_balance'),
    });
    await session.flush();
    expect(written.balances).toEqual([{ userId: 1, asset: 'USDT', available: 40n, frozen: 60n }]);
    expect(written.journal).toHaveLength(1);
  });
});
