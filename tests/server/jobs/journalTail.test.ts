import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type Db } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { createLedger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import type { LedgerType } from '../../../protocol';
import { ownersOutsideSpot, tailJournal, type JournalRef } from '../../../server/jobs/journalTail';
import { forEachEngine, useTestDb } from '../helpers/testDb';

const credit = (userId: number, units: bigint) => ({
  userId,
  asset: 'USDT',
  available: units,
  frozen: 0n,
  type: 'app.data.deposit' as const,
  ref: 'test',
});

/** A tail on `db` that records what it names, and a way to run its rounds until one names
 * `expected` (the rounds run on fake intervals; the queries on the real database). */
const watch = (db: Db, refTypes: readonly LedgerType[] = []) => {
  const seen: number[][] = [];
  const refs: JournalRef[][] = [];
  const errors: unknown[] = [];
  const stop = tailJournal(db, {
    intervalMs: 1000,
    onUsers: (ids) => seen.push(ids),
    refs: { types: refTypes, onEntries: (entries) => refs.push(entries) },
    onError: (err) => errors.push(err),
  });
  const roundsUntil = (expected: number[][]) =>
    vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(seen).toEqual(expected);
    });
  return { seen, refs, errors, stop, roundsUntil };
};

afterEach(() => vi.useRealTimers());

describe.each(forEachEngine().filter(([engine]) => engine === 'postgres'))(
  'the journal tail on %s',
  (_engine, open) => {
    const t = useTestDb(open);

    it('names each user with entries written since it started, once per round, never the system', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const ledger = createLedger(t().db);
      await ledger.post([credit(7, 100n)]);
      const tail = watch(t().db);
      // The first round only finds where the journal ends.
      await tail.roundsUntil([]);
      await ledger.post([credit(7, 5n), credit(8, 5n), credit(7, 1n), credit(SYSTEM_ACCOUNTS.fees, 1n)]);
      await tail.roundsUntil([[7, 8]]);
      await vi.advanceTimersByTimeAsync(3000);
      expect(tail.seen).toEqual([[7, 8]]);
      tail.stop();
    });

    it('hands on the entries of the types it is given with their refs, each once, and names every owner', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const ledger = createLedger(t().db);
      const tail = watch(t().db, ['app.data.pledge_income', 'app.data.pledge_return']);
      await tail.roundsUntil([]);
      const income = (userId: number, ref: string) => ({
        ...credit(userId, 1n),
        type: 'app.data.pledge_income' as const,
        ref,
      });
      await ledger.post([
        income(7, 'pledge:3'),
        income(7, 'pledge:3'),
        { ...income(7, 'pledge:3'), type: 'app.data.pledge_return' },
        income(9, 'pledge:4'),
        credit(8, 5n),
        income(SYSTEM_ACCOUNTS.house, 'pledge:4'),
      ]);
      await tail.roundsUntil([[7, 8, 9]]);
      expect(tail.refs).toEqual([
        [
          { userId: 7, ref: 'pledge:3' },
          { userId: 9, ref: 'pledge:4' },
        ],
      ]);
      tail.stop();
    });
  },
);

describe('the journal tail on a SQLite file another connection writes too', () => {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((db) => db.close()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** This process's ledger and another connection's (another process, or the spot thread), with a
   * tail on this one past what `before` posts there. */
  const twoWriters = async (before: (theirs: ReturnType<typeof createLedger>) => Promise<unknown>) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-tail-'));
    dirs.push(dir);
    const file = path.join(dir, 'exchange.sqlite');
    const own = openSqlite(file);
    const other = openSqlite(file);
    dbs.push(own, other);
    await migrate(own);
    const theirs = createLedger(other);
    await before(theirs);
    const tail = watch(own);
    await tail.roundsUntil([]);
    return { mine: createLedger(own), theirs, tail };
  };

  it('names the users of what the other connection commits and moves past its own entries unread', async () => {
    const { mine, theirs, tail } = await twoWriters(() => Promise.resolve());
    // This process's own entries are announced by its ledger, not by the tail.
    await mine.post([credit(7, 5n)]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tail.seen).toEqual([]);

    await theirs.post([credit(8, 5n), credit(9, 1n), credit(SYSTEM_ACCOUNTS.fees, 1n)]);
    await tail.roundsUntil([[8, 9]]);

    await mine.post([credit(7, 1n)]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tail.seen).toEqual([[8, 9]]);
    tail.stop();
  });

  it('reads again after a round whose read failed, naming what that round missed', async () => {
    const { theirs, tail } = await twoWriters(() => Promise.resolve());
    const own = dbs[0]!;
    await theirs.post([credit(8, 5n)]);
    // The next round finds where the journal ends (its first read), then fails to read the owners.
    const real = own.kysely.selectFrom.bind(own.kysely);
    let reads = 0;
    const broken = new Error('read failed');
    vi.spyOn(own.kysely, 'selectFrom').mockImplementation(((table: 'journal') => {
      reads += 1;
      if (reads === 2) throw broken;
      return real(table);
    }) as typeof own.kysely.selectFrom);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(tail.errors).toEqual([broken]);
    });
    expect(tail.seen).toEqual([]);
    await tail.roundsUntil([[8]]);
    tail.stop();
  });

  it("leaves the spot thread's entries to the books that announce them, and names the rest", async () => {
    const { theirs: spot, tail } = await twoWriters((l) => l.post([credit(7, 100n), credit(8, 100n)]));
    const trade = (userId: number) => ({ ...credit(userId, 1n), type: 'app.data.spot_trade' as const });
    await spot.post([trade(7), trade(8)]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tail.seen).toEqual([]);

    await spot.post([trade(7), credit(8, 2n)]);
    await tail.roundsUntil([[8]]);
    tail.stop();
  });
});

// PostgreSQL's planner may read a table this small whole, index or not.
describe.each(forEachEngine().filter(([engine]) => engine === 'sqlite'))(
  "the journal tail's read on %s",
  (_engine, open) => {
    const t = useTestDb(open);

    it("reads the entries the spot books did not write through their index, not the books' own", async () => {
      const q = ownersOutsideSpot(t().db, 10, 20).compile();
      const { rows } = await t().db.kysely.executeQuery<{ detail: string }>({
        ...q,
        sql: `explain query plan ${q.sql}`,
      });
      expect(rows.map((r) => r.detail)).toContain(
        'SEARCH journal USING INDEX journal_outside_idx (id>? AND id<?)',
      );
    });
  },
);
