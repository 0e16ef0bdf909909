import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { spotReader } from '../../../server/db/repos/spot';
import {
  catchUpUserIndex,
  indexedUpTo,
  moveListed,
  ownedPage,
  vacuumUserIndexLists,
  type OwnedRows,
} from '../../../server/db/userIndex';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { listVacuums, notIndexed } from '../helpers/ownerIndex';
import { planOf, queryPlans } from '../helpers/queryPlans';
import { journalRow, orderRow } from '../helpers/rows';
import { forEachEngine, useTestDb, type TestDb } from '../helpers/testDb';

/** Journal rows for users 7 and 8, alternating, `count` of them; returns user 7's. */
const write = async (t: TestDb, from: number, count: number) => {
  const rows = Array.from({ length: count }, (_, i) =>
    journalRow(i % 2 === 0 ? 7 : 8, from + i, { asset: i % 4 === 0 ? 'BTC' : 'USDT' }),
  );
  const made = await t.db.kysely
    .insertInto('journal')
    .values(rows)
    .returning(['id', 'user_id', 'asset'])
    .execute();
  return made.filter((r) => r.user_id === 7).map((r) => ({ id: Number(r.id), asset: r.asset }));
};

/** Ten journal rows (`write`) and two orders of user 7; returns user 7's journal rows. */
const writeRowsAndOrders = async (t: TestDb) => {
  const mine = await write(t, 1, 10);
  await t.db.kysely
    .insertInto('spot_orders')
    .values([orderRow(1), orderRow(2)])
    .execute();
  return mine;
};

const pageOf = async (t: TestDb, offset: number, limit: number, asset?: string) => {
  const { rows, total } = await ownedPage(
    t.db.kysely,
    'journal',
    7,
    { offset, limit },
    asset ? (r) => r.where('r.asset', '=', asset) : undefined,
  );
  return { ids: rows.map((r) => Number(r.id)), total, users: new Set(rows.map((r) => r.user_id)) };
};

describe.each(forEachEngine())('the index by owner on %s', (engine, open) => {
  const t = useTestDb(open);

  it('lists a user’s rows whole and newest first, indexed or not, and catches up once', async () => {
    const early = await write(t(), 1, 10);
    expect(await catchUpUserIndex(t().db)).toEqual({ moved: 10, behind: false });
    const late = await write(t(), 11, 8);
    const newest = [...early, ...late].reverse();
    const ids = (rows: typeof newest) => rows.map((r) => r.id);

    // Pages cross from the rows not yet indexed into the indexed ones.
    for (const run of ['before', 'after'] as const) {
      if (run === 'after') expect((await catchUpUserIndex(t().db)).moved).toBe(8);
      const pages = [await pageOf(t(), 0, 3), await pageOf(t(), 3, 3), await pageOf(t(), 6, 3)];
      expect(pages.flatMap((p) => p.ids)).toEqual(ids(newest));
      expect(pages.map((p) => p.total)).toEqual([9, 9, 9]);
      expect(pages.every((p) => p.users.size === 1 && p.users.has(7))).toBe(true);
      const btc = await pageOf(t(), 0, 20, 'BTC');
      expect(btc.ids).toEqual(ids(newest.filter((r) => r.asset === 'BTC')));
      expect(btc.total).toBe(btc.ids.length);
    }
    expect(await catchUpUserIndex(t().db)).toEqual({ moved: 0, behind: false });
    expect((await ownedPage(t().db.kysely, 'journal', 99, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('leaves the exchange’s own accounts out of the index, and refuses to list them by owner', async () => {
    const { house, fees } = SYSTEM_ACCOUNTS;
    await t()
      .db.kysely.insertInto('journal')
      .values([journalRow(house, 1), journalRow(7, 2), journalRow(fees, 3), journalRow(house, 4)])
      .execute();
    await t()
      .db.kysely.insertInto('spot_orders')
      .values([orderRow(1, { user_id: house }), orderRow(2)])
      .execute();
    expect(await catchUpUserIndex(t().db)).toEqual({ moved: 2, behind: false });
    const owners = async (table: 'journal_by_user' | 'spot_orders_by_user') =>
      (await t().db.kysely.selectFrom(table).select('user_id').execute()).map((r) => r.user_id);
    expect(await owners('journal_by_user')).toEqual([7]);
    expect(await owners('spot_orders_by_user')).toEqual([7]);
    // Nothing is left waiting: the next round has nothing to do.
    expect(await notIndexed(t().db, 'journal')).toBe(0);
    expect(await notIndexed(t().db, 'spot_orders')).toBe(0);
    expect(await catchUpUserIndex(t().db)).toEqual({ moved: 0, behind: false });
    expect((await pageOf(t(), 0, 10)).total).toBe(1);
    for (const account of [house, fees])
      await expect(ownedPage(t().db.kysely, 'journal', account, { offset: 0, limit: 10 })).rejects.toThrow(
        /not listed by owner/,
      );
  });

  it.runIf(engine === 'postgres')(
    'tells a full slice of the exchange’s own rows as one with more waiting, though none was indexed',
    async () => {
      const { house } = SYSTEM_ACCOUNTS;
      await t()
        .db.kysely.insertInto('journal')
        .values([journalRow(house, 1), journalRow(house, 2), journalRow(7, 3)])
        .execute();
      expect(await catchUpUserIndex(t().db, { slice: 2 })).toEqual({ moved: 0, behind: true });
      expect(await catchUpUserIndex(t().db, { slice: 2 })).toEqual({ moved: 1, behind: false });
    },
  );

  it.runIf(engine === 'postgres')(
    'moves a slice at a time, the oldest first, and tells when more are waiting',
    async () => {
      const mine = await writeRowsAndOrders(t());
      // Four journal rows and both orders, then four more, then the last two.
      expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 6, behind: true });
      expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 4, behind: true });
      expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 2, behind: false });
      const left = await t().db.kysely.selectFrom('journal_unindexed').select('id').execute();
      expect(left).toEqual([]);
      expect((await pageOf(t(), 0, 20)).ids).toEqual(mine.map((r) => r.id).reverse());
    },
  );

  it.runIf(engine === 'sqlite')(
    'moves a span of ids past the mark at a time, with the mark, and tells when more are waiting',
    async () => {
      const mine = await writeRowsAndOrders(t());
      const marks = async () =>
        Object.fromEntries(
          (await t().db.kysely.selectFrom('owner_index_marks').select(['tbl', 'upto']).execute()).map((m) => [
            m.tbl,
            Number(m.upto),
          ]),
        );
      const before = await marks();
      const journalIds = (await t().db.kysely.selectFrom('journal').select('id').orderBy('id').execute()).map(
        (r) => Number(r.id),
      );
      expect(journalIds.at(-10)).toBe(before.journal! + 1);
      // Six journal rows and both orders, then the last four journal rows.
      expect(await catchUpUserIndex(t().db, { slice: 6 })).toEqual({ moved: 8, behind: true });
      expect(await marks()).toEqual({ journal: journalIds.at(-5), spot_orders: 2 });
      const indexed = await t().db.kysely.selectFrom('journal_by_user').select('id').execute();
      expect(indexed.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(journalIds.slice(-10, -4));
      expect(await catchUpUserIndex(t().db, { slice: 6 })).toEqual({ moved: 4, behind: false });
      expect(await catchUpUserIndex(t().db, { slice: 6 })).toEqual({ moved: 0, behind: false });
      expect((await marks()).journal).toBe(journalIds.at(-1));
      expect((await pageOf(t(), 0, 20)).ids).toEqual(mine.map((r) => r.id).reverse());
    },
  );

  it.runIf(engine === 'sqlite')('counts a span in ids, and passes over a gap of deleted rows', async () => {
    await t()
      .db.kysely.insertInto('spot_orders')
      .values([orderRow(1), orderRow(2), orderRow(9), orderRow(10)])
      .execute();
    const upTo = async () =>
      Number(
        (
          await t()
            .db.kysely.selectFrom('owner_index_marks')
            .select('upto')
            .where('tbl', '=', 'spot_orders')
            .executeTakeFirstOrThrow()
        ).upto,
      );
    expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 2, behind: true });
    expect(await upTo()).toBe(4);
    expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 0, behind: true });
    expect(await catchUpUserIndex(t().db, { slice: 4 })).toEqual({ moved: 2, behind: false });
    expect(await upTo()).toBe(10);
    const indexed = await t().db.kysely.selectFrom('spot_orders_by_user').select('id').execute();
    expect(indexed.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([1, 2, 9, 10]);
  });

  it.runIf(engine === 'sqlite')('lists a row moved ahead of the mark once, and moves it once', async () => {
    const mine = await write(t(), 1, 4);
    // A row in the index past the mark: what a round cut short between two slices left before the
    // mark moved with each move (a database from then may hold some).
    await t().db.kysely.insertInto('journal_by_user').values({ user_id: 7, id: mine[1]!.id }).execute();
    const listed = await pageOf(t(), 0, 10);
    expect(listed.ids).toEqual(mine.map((r) => r.id).reverse());
    expect(listed.total).toBe(2);
    expect((await catchUpUserIndex(t().db)).moved).toBe(3);
    expect(await pageOf(t(), 0, 10)).toEqual(listed);
  });

  it('leaves no trace in the index of a row deleted, indexed or not', async () => {
    await t()
      .db.kysely.insertInto('spot_orders')
      .values([orderRow(1), orderRow(2)])
      .execute();
    await catchUpUserIndex(t().db);
    await t().db.kysely.insertInto('spot_orders').values(orderRow(3)).execute();
    await t().db.kysely.deleteFrom('spot_orders').where('id', 'in', [1, 3]).execute();
    await catchUpUserIndex(t().db);
    const indexed = await t().db.kysely.selectFrom('spot_orders_by_user').select('id').execute();
    expect(indexed.map((r) => Number(r.id))).toEqual([2]);
  });

  it.runIf(engine === 'postgres')('keeps a row another transaction commits while it catches up', async () => {
    await write(t(), 1, 4);
    let release!: () => void;
    let inserted!: () => void;
    const wrote = new Promise<void>((r) => (inserted = r));
    const held = new Promise<void>((r) => (release = r));
    const writer = t()
      .db.kysely.transaction()
      .execute(async (trx) => {
        await trx.insertInto('journal').values(journalRow(7, 5)).execute();
        inserted();
        await held;
      });
    await wrote;
    // The uncommitted row is neither moved nor lost.
    expect((await catchUpUserIndex(t().db)).moved).toBe(4);
    release();
    await writer;
    expect((await pageOf(t(), 0, 10)).total).toBe(3);
    expect((await catchUpUserIndex(t().db)).moved).toBe(1);
    expect((await pageOf(t(), 0, 10)).total).toBe(3);
  });

  it('numbers a new order after one indexed and then deleted, so it is listed', async () => {
    const k = t().db.kysely;
    await k
      .insertInto('spot_orders')
      .values([orderRow(1), orderRow(2), orderRow(3, { user_id: -1 })])
      .execute();
    await catchUpUserIndex(t().db);
    // The newest order (a house quote cancelled unfilled) leaves the table once indexed.
    await k.deleteFrom('spot_orders').where('id', '=', 3).execute();
    expect(await indexedUpTo(k, 'spot_orders')).toBe(engine === 'sqlite' ? 3 : 0);
    // As the spot books number their orders at start.
    const next = (await spotReader(k).maxIds()).order + 1;
    expect(next).toBe(engine === 'sqlite' ? 4 : 3);
    await k.insertInto('spot_orders').values(orderRow(next)).execute();
    const listed = await ownedPage(k, 'spot_orders', 7, { offset: 0, limit: 10 });
    expect(listed.rows.map((r) => Number(r.id))).toEqual([next, 2, 1]);
    expect(listed.total).toBe(3);
    await catchUpUserIndex(t().db);
    expect((await ownedPage(k, 'spot_orders', 7, { offset: 0, limit: 10 })).total).toBe(3);
  });

  it.runIf(engine === 'postgres')(
    'takes a slice off the list by key, even once a vacuum has found the list empty',
    async () => {
      const k = t().db.kysely;
      const plan = (statement: RawBuilder<unknown>) => planOf(t().db, statement.compile(k));
      await write(t(), 1, 2000);
      while ((await catchUpUserIndex(t().db)).behind);
      // The vacuum finds the list empty, and PostgreSQL then believes it holds no rows however
      // many are listed after: the earlier form of the statement, whose slice was a join of the
      // list to itself, was planned as a nested loop comparing every row with every other.
      await vacuumUserIndexLists(t().db);
      await write(t(), 2001, 2000);
      const earlier = sql`with moved as (
          delete from journal_unindexed where id in (select id from journal_unindexed order by id limit 20000)
          returning id, user_id)
        insert into journal_by_user (user_id, id) select user_id, id from moved order by user_id, id`;
      expect(await plan(earlier)).toMatch(/Nested Loop/);
      const now = await plan(moveListed('journal', 20_000));
      expect(now).not.toMatch(/Nested Loop|Join|ANY/);
      expect(now).toMatch(/(Filter|Index Cond): \(id <= COALESCE/);
      // And it moves them all.
      await catchUpUserIndex(t().db);
      expect(await notIndexed(t().db, 'journal')).toBe(0);
      expect((await ownedPage(k, 'journal', 7, { offset: 0, limit: 1 })).total).toBe(2000);
    },
  );

  it.runIf(engine === 'postgres')('vacuums both lists, which changes nothing listed', async () => {
    const k = t().db.kysely;
    await write(t(), 1, 10);
    await k.insertInto('spot_orders').values(orderRow(1)).execute();
    await catchUpUserIndex(t().db);
    await write(t(), 11, 4);
    const vacuums = async () => (await listVacuums(k)).map((l) => [l.list, l.vacuums]);
    expect(await vacuums()).toEqual([
      ['journal_unindexed', 0],
      ['spot_orders_unindexed', 0],
    ]);
    await vacuumUserIndexLists(t().db);
    expect(await vacuums()).toEqual([
      ['journal_unindexed', 1],
      ['spot_orders_unindexed', 1],
    ]);
    expect(await notIndexed(t().db, 'journal')).toBe(4);
    expect((await ownedPage(k, 'journal', 7, { offset: 0, limit: 20 })).total).toBe(7);
  });

  it.runIf(engine === 'sqlite')('has no list to vacuum', async () => {
    await write(t(), 1, 4);
    await vacuumUserIndexLists(t().db);
    expect(await notIndexed(t().db, 'journal')).toBe(4);
  });

  it.runIf(engine === 'sqlite')('reads a page of the newest from the index in its order', async () => {
    const [page, count] = await queryPlans(t().db, () =>
      ownedPage(t().db.kysely, 'journal', 7, { offset: 0, limit: 20 }, (r) => r.where('r.type', '=', 'x')),
    );
    // The indexed part in key order up to the mark, merged without sorting it; the rows past the
    // mark read from it on; never the whole journal.
    expect(page).toContain('MERGE (UNION ALL)');
    expect(page).toContain('SEARCH b USING PRIMARY KEY (user_id=? AND id<?)');
    expect(page).toContain('SEARCH r USING INTEGER PRIMARY KEY (rowid>?)');
    expect(page).not.toContain('SCAN r');
    expect(count).not.toContain('SCAN r');
    // Without conditions on the rows the count reads the index alone.
    const [, bare] = await queryPlans(t().db, () =>
      ownedPage(t().db.kysely, 'journal', 7, { offset: 0, limit: 20 }),
    );
    expect(bare).toMatch(
      /LEFT-MOST SUBQUERY; SEARCH b USING PRIMARY KEY \(user_id=\? AND id<\?\);.* UNION ALL/,
    );
  });

  it.runIf(engine === 'postgres')(
    "looks up each of the user's rows to narrow them, never reading the whole table",
    async () => {
      // A journal PostgreSQL knows to be large, with a user who has many rows and a narrowing it
      // thinks rare: its planner read the whole journal and then the index by owner, at a cost that
      // grows with the table, not with the user.
      const k = t().db.kysely;
      await sql`insert into journal (user_id, asset, type, ref, available_change, frozen_change,
          available_after, frozen_after, created_at)
        select case when n % 10 = 0 then 7 else 8 end, 'USDT', 'app.data.spot_trade', 'bulk:' || n,
          '1', '0', '1', '0', n
        from generate_series(1, 30000) n`.execute(k);
      await write(t(), 1, 10);
      while ((await catchUpUserIndex(t().db)).behind);
      await write(t(), 11, 4);
      await sql`analyze`.execute(k);
      const narrowed = (rows: OwnedRows<'journal'>) => rows.where('r.type', '=', 'app.data.deposit');
      const [page, count] = await queryPlans(t().db, () =>
        ownedPage(k, 'journal', 7, { offset: 0, limit: 20 }, narrowed),
      );
      expect(page).toContain('journal_by_user_pk');
      expect(page).not.toMatch(/Seq Scan on journal\b/);
      expect(count).not.toMatch(/Seq Scan on journal\b/);
      // And the rows it finds are the user's, from both parts.
      await k
        .updateTable('journal')
        .set({ type: 'app.data.deposit' })
        .where('ref', 'in', ['test:1', 'test:13'])
        .execute();
      const { rows, total } = await ownedPage(k, 'journal', 7, { offset: 0, limit: 20 }, narrowed);
      expect(rows.map((r) => r.ref)).toEqual(['test:13', 'test:1']);
      expect(total).toBe(2);
    },
  );
});
