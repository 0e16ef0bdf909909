import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { tailJournal } from '../../../server/jobs/journalTail';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const credit = (userId: number, units: bigint) => ({
  userId,
  asset: 'USDT',
  available: units,
  frozen: 0n,
  type: 'app.data.deposit' as const,
  ref: 'test',
});

describe.each(forEachEngine())('the journal tail on %s', (_engine, open) => {
  const t = useTestDb(open);
  afterEach(() => vi.useRealTimers());

  it('names each user with entries written since it started, once per round, never the system', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ledger = createLedger(t().db);
    await ledger.post([credit(7, 100n)]);
    const seen: number[][] = [];
    const stop = tailJournal(t().db.kysely, {
      intervalMs: 1000,
      onUsers: (ids) => seen.push(ids),
      onError: () => undefined,
    });
    // The first round only finds where the journal ends.
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(seen).toEqual([]);
    });
    await ledger.post([credit(7, 5n), credit(8, 5n), credit(7, 1n), credit(SYSTEM_ACCOUNTS.fees, 1n)]);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(seen).toEqual([[7, 8]]);
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen).toEqual([[7, 8]]);
    stop();
  });
});
