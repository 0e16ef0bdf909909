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

  describe('settling what the engine made', () => {
    const fill = (userId: number, asset: string, received: bigint, paid: bigint): Movement => ({
      userId,
      asset,
      available: received,
      frozen: -paid,
      type: 'app.data.spot_trade',
      ref: `trade:${userId}`,
    });

    it('reads the accounts of every settlement together, once, when the batch is written', async () => {
      const { s, reads, written } = store();
      const session = openLedgerSession(s);
      await session.hold([{ userId: 1, asset: 'USDT' }]);
      await session.post([freeze(1, 'USDT', 50n)], 1);
      const first = session.settle([fill(1, 'USDT', 0n, 50n), fill(7, 'USDT', 50n, 0n)], 2);
      const second = session.settle([fill(8, 'BTC', 3n, 0n), fill(7, 'BTC', 0n, 0n)], 3);
      // Nothing is read as they are posted; their balances after are not known yet.
      expect(reads).toEqual([['1:USDT']]);
      await session.flush();
      expect(reads).toEqual([['1:USDT'], ['7:USDT', '8:BTC']]);
      expect(first.map((e) => e.after)).toEqual([
        { available: 50n, frozen: 0n },
        { available: 150n, frozen: 0n },
      ]);
      // A movement that moves nothing is left out, as a post leaves it out.
      expect(second.map((e) => e.after)).toEqual([{ available: 103n, frozen: 0n }]);
      // Journalled in the order posted, the freeze first.
      expect(written.journal.map((e) => (e as { ref: string }).ref)).toEqual([
        'order:1',
        'trade:1',
        'trade:7',
        'trade:8',
      ]);
      expect(written.balances).toEqual([
        { userId: 1, asset: 'USDT', available: 50n, frozen: 0n },
        { userId: 7, asset: 'USDT', available: 150n, frozen: 0n },
        { userId: 8, asset: 'BTC', available: 103n, frozen: 0n },
      ]);
    });

    it('settles first when a later post, read or hold touches an account it moved', async () => {
      const { s, reads } = store();
      const session = openLedgerSession(s);
      session.settle([fill(7, 'USDT', 50n, 0n), fill(8, 'BTC', 1n, 0n)], 1);
      // Another account: the settlement waits.
      await session.post([freeze(2, 'USDT', 10n)], 2);
      expect(reads).toEqual([['2:USDT']]);
      // 7 spends what the settlement gave it: 150 available, so 120 can be frozen.
      const [entry] = await session.post([freeze(7, 'USDT', 120n)], 3);
      expect(reads).toEqual([['2:USDT'], ['7:USDT', '8:BTC']]);
      expect(entry!.after).toEqual({ available: 30n, frozen: 120n });

      session.settle([fill(9, 'ETH', 5n, 0n)], 4);
      expect(await session.balance({ userId: 9, asset: 'ETH' })).toEqual({ available: 105n, frozen: 0n });
      session.settle([fill(10, 'ETH', 5n, 0n)], 5);
      await session.hold([{ userId: 10, asset: 'ETH' }]);
      expect(await session.balance({ userId: 10, asset: 'ETH' })).toEqual({ available: 105n, frozen: 0n });
      expect(reads).toEqual([['2:USDT'], ['7:USDT', '8:BTC'], ['9:ETH'], ['10:ETH']]);
    });

    it("fails the batch, with an error that is not the client's, when a settlement would overdraw", async () => {
      const { s, written } = store();
      const session = openLedgerSession(s);
      session.settle([fill(7, 'BTC', 0n, 1n)], 1);
      const failure = await session.flush().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toHaveProperty('key');
      expect((failure as Error).cause).toMatchObject({
        key: expect.stringContaining('insufficient_balance'),
      });
      expect(written).toEqual({ balances: [], journal: [] });
    });
  });
});
