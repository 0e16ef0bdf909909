import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { scheduleUserIndex } from '../../../server/jobs/userIndex';
import { journalRow, orderRow } from '../helpers/rows';
import { listVacuums, notIndexed } from '../helpers/ownerIndex';
import { forEachEngine, useTestDb } from '../helpers/testDb';

describe.each(forEachEngine())('the index by owner catch-up on %s', (engine, open) => {
  const t = useTestDb(open);

  const journal = (userId: number) =>
    t().db.kysely.insertInto('journal').values(journalRow(userId, 1)).execute();
  const waiting = (table: 'journal' | 'spot_orders' = 'journal') => notIndexed(t().db, table);

  it('moves new rows into the index every round until stopped', async () => {
    const onError = vi.fn();
    const stop = scheduleUserIndex(t().db, { everyMs: 10, onError });
    await journal(7);
    await journal(8);
    await vi.waitFor(async () => expect(await waiting()).toBe(0));
    await stop();
    await journal(7);
    await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBe(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('takes a backlog a slice after another without waiting between them', async () => {
    for (let i = 0; i < 10; i++) await journal(7);
    const stop = scheduleUserIndex(t().db, { everyMs: 60_000, slice: 2, onError: vi.fn() });
    await vi.waitFor(async () => expect(await waiting()).toBe(0));
    await stop();
  });

  it.runIf(engine === 'postgres')(
    'vacuums the lists as often as told, before a round, so PostgreSQL counts what waited',
    async () => {
      const list = async () => {
        const [journalList] = (await listVacuums(t().db.kysely)).filter(
          (l) => l.list === 'journal_unindexed',
        );
        return { vacuums: journalList!.vacuums, counted: journalList!.counted };
      };
      const onError = vi.fn();
      await journal(7);
      const seldom = scheduleUserIndex(t().db, { everyMs: 10, vacuumEveryMs: 60_000, onError });
      await vi.waitFor(async () => expect(await waiting()).toBe(0));
      await new Promise((r) => setTimeout(r, 50));
      await seldom();
      expect((await list()).vacuums).toBe(0);
      for (let i = 0; i < 5; i++) await journal(7);
      // One round: the vacuum comes first and counts the five rows listed, not the empty list the
      // round leaves.
      const once = scheduleUserIndex(t().db, { everyMs: 60_000, vacuumEveryMs: 0, onError });
      await vi.waitFor(async () => expect(await waiting()).toBe(0));
      await once();
      expect(await list()).toEqual({ vacuums: 1, counted: 5 });
      const often = scheduleUserIndex(t().db, { everyMs: 10, vacuumEveryMs: 0, onError });
      await vi.waitFor(async () => expect((await list()).vacuums).toBeGreaterThan(2));
      await journal(8);
      await vi.waitFor(async () => expect(await waiting()).toBe(0));
      await often();
      expect(onError).not.toHaveBeenCalled();
    },
  );

  it('reports a failed round, which changes nothing, and goes on', async () => {
    const onError = vi.fn();
    await sql`drop table spot_orders_by_user`.execute(t().db.kysely);
    await t().db.kysely.insertInto('spot_orders').values(orderRow(1)).execute();
    await journal(7);
    const stop = scheduleUserIndex(t().db, { everyMs: 10, onError });
    await vi.waitFor(() => expect(onError.mock.calls.length).toBeGreaterThan(1));
    expect(await waiting('spot_orders')).toBe(1);
    // On PostgreSQL the journal's slice went back with the failed one; on SQLite each table moves
    // in transactions of its own.
    expect(await waiting()).toBe(engine === 'postgres' ? 1 : 0);
    await sql`create table spot_orders_by_user (user_id integer not null, id bigint not null,
      primary key (user_id, id))`.execute(t().db.kysely);
    await vi.waitFor(async () => expect((await waiting()) + (await waiting('spot_orders'))).toBe(0));
    await stop();
  });
});
