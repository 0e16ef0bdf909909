import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { scheduleUserIndex } from '../../../server/jobs/userIndex';
import { journalRow, orderRow } from '../helpers/rows';
import { forEachEngine, useTestDb } from '../helpers/testDb';

describe.each(forEachEngine())('the index by owner catch-up on %s', (_engine, open) => {
  const t = useTestDb(open);

  const journal = (userId: number) =>
    t().db.kysely.insertInto('journal').values(journalRow(userId, 1)).execute();
  const unindexed = () => t().db.kysely.selectFrom('journal_unindexed').select('id').execute();

  it('moves new rows into the index every round until stopped', async () => {
    const onError = vi.fn();
    const stop = scheduleUserIndex(t().db, { everyMs: 10, onError });
    await journal(7);
    await journal(8);
    await vi.waitFor(async () => expect(await unindexed()).toEqual([]));
    await stop();
    await journal(7);
    await new Promise((r) => setTimeout(r, 50));
    expect(await unindexed()).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('takes a backlog a slice after another without waiting between them', async () => {
    for (let i = 0; i < 10; i++) await journal(7);
    const stop = scheduleUserIndex(t().db, { everyMs: 60_000, slice: 2, onError: vi.fn() });
    await vi.waitFor(async () => expect(await unindexed()).toEqual([]));
    await stop();
  });

  it('reports a failed round, which changes nothing, and goes on', async () => {
    const onError = vi.fn();
    await sql`drop table spot_orders_by_user`.execute(t().db.kysely);
    await t().db.kysely.insertInto('spot_orders').values(orderRow(1)).execute();
    await journal(7);
    const stop = scheduleUserIndex(t().db, { everyMs: 10, onError });
    await vi.waitFor(() => expect(onError.mock.calls.length).toBeGreaterThan(1));
    // The journal's slice went back with the failed one.
    expect(await unindexed()).toHaveLength(1);
    await sql`create table spot_orders_by_user (user_id integer not null, id bigint not null,
      primary key (user_id, id))`.execute(t().db.kysely);
    await vi.waitFor(async () => expect(await unindexed()).toEqual([]));
    await stop();
  });
});
