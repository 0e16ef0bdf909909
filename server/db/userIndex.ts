import { sql, type Kysely, type SelectQueryBuilder, type Selectable } from 'kysely';
import { onSqlite } from './dialect';
import type { Db } from './connect';
import type { Database } from './schema';
import { FIRST_USER_ID, isUserAccount } from '../domain/ledger/types';
import { transact } from './transient';

/** Tables whose index by owner is brought up to date in bulk (migration 010). */
const USER_INDEXED = ['journal', 'spot_orders'] as const;
export type UserIndexed = (typeof USER_INDEXED)[number];

/** A user's rows of `T` under the alias `r`, to narrow with conditions on them. */
export type OwnedRows<T extends UserIndexed> = SelectQueryBuilder<Database & { r: Database[T] }, 'r', object>;

// On SQLite the rows not yet indexed are those past a mark (migration 018); on PostgreSQL they are
// listed (migration 010).

/** Every row of `table` up to this id is indexed by owner (SQLite). */
const markOf = (table: UserIndexed) => sql<number>`(select upto from owner_index_marks where tbl = ${table})`;

/**
 * The id a new row of `table` must be given more than: on SQLite a row at or under the mark would
 * never be indexed, nor listed. The journal's ids never go back (AUTOINCREMENT); the spot books
 * number their orders from the largest there is at start, and the newest may have been indexed and
 * then deleted (the house's quotes cancelled unfilled). On PostgreSQL the list takes any id.
 */
export const indexedUpTo = async (db: Kysely<Database>, table: UserIndexed): Promise<number> => {
  if (!onSqlite(db)) return 0;
  const { rows } = await sql<{ upto: number }>`select ${markOf(table)} as upto`.execute(db);
  return Number(rows[0]?.upto ?? 0);
};

/**
 * The ids of a user's rows of `table`, in one query of two parts: the rows indexed by owner and
 * those not yet indexed. `narrow` adds conditions on the rows (`r`); without it the indexed part
 * reads the index alone. Ordered by id, the indexed part comes in the index's own order, so a page
 * of the newest reads only that page (the other part is short, sorted whole). Both parts are read
 * in one statement, so a catch-up between them cannot show a row twice or lose it. On SQLite the
 * parts are split at the mark: a row in the index past it counts only once the mark moves past it
 * (the catch-up moves the mark with its rows, but a round of an earlier version, cut short between
 * its slices, left such rows).
 */
const ownedIds = <T extends UserIndexed>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  narrow?: (rows: OwnedRows<T>) => OwnedRows<T>,
) => {
  const narrowed = <Q>(rows: Q) =>
    narrow ? (narrow(rows as unknown as OwnedRows<T>) as unknown as Q) : rows;
  /**
   * The user's ids in `ids` (the index, or PostgreSQL's list: both carry the owner), joined to the
   * table only to narrow, and then always by looking each id up, so a listing reads the user's own
   * rows and never the whole table. On SQLite a cross join does that: on tables without statistics
   * its planner would otherwise scan the whole table for the few rows it wants. PostgreSQL reorders
   * cross joins, and for a narrowing it thought rare (a journal type) scanned the whole journal
   * (80 ms on 230 000 rows, more as it grows); a lateral lookup fenced by `offset 0` is run for each
   * id.
   */
  const owned = (ids: string) => {
    const from = db.selectFrom(named(ids, 'b'));
    if (!narrow) return from.where('b.user_id', '=', userId);
    const lookedUp = onSqlite(db)
      ? from.crossJoin(named(table, 'r')).whereRef('r.id', '=', 'b.id')
      : from.crossJoinLateral(sql`(select * from ${sql.table(table)} where id = b.id offset 0)`.as('r'));
    return narrowed(lookedUp).where('b.user_id', '=', userId);
  };
  const indexed = owned(`${table}_by_user`);
  if (onSqlite(db)) {
    const tail = narrowed(db.selectFrom(named(table, 'r')))
      .where(sql<boolean>`r.id > ${markOf(table)}`)
      .where('r.user_id', '=', userId);
    return indexed
      .where(sql<boolean>`b.id <= ${markOf(table)}`)
      .select('b.id as id')
      .unionAll(tail.select('r.id as id'));
  }
  return indexed.select('b.id as id').unionAll(owned(`${table}_unindexed`).select('b.id as id'));
};

/** A table named at run time, which Kysely cannot type: only its key columns are used. */
const named = <A extends string>(table: string, alias: A) =>
  sql<{ id: number; user_id: number }>`${sql.table(table)}`.as(alias);

/** A page of a user's rows of `table`, newest first, and how many there are in all. An account of
 * the exchange's own is refused: its rows are not indexed, and a listing of it would miss them. */
export const ownedPage = async <T extends UserIndexed>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  page: { offset: number; limit: number },
  narrow?: (rows: OwnedRows<T>) => OwnedRows<T>,
): Promise<{ rows: Array<Selectable<Database[T]>>; total: number }> => {
  if (!isUserAccount(userId))
    throw new Error(`account ${userId} is not a user's: its rows are not listed by owner`);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(
        ownedIds(db, table, userId, narrow)
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .as('p'),
      )
      .crossJoin(named(table, 'r'))
      .whereRef('r.id', '=', 'p.id')
      .selectAll('r')
      .orderBy('r.id', 'desc')
      .execute(),
    db
      .selectFrom(ownedIds(db, table, userId, narrow).as('o'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as Array<Selectable<Database[T]>>, total: Number(count.n) };
};

/**
 * On PostgreSQL, the listed rows of a table moved into the index in one transaction at most. Each
 * slice finds its first rows past the dead entries that the slices before it left at the front of
 * the list's index until a vacuum (after a minute at 3 000 orders/s, 625–842 pages and 5–14 ms), so
 * fewer, larger slices read them less often: 20 000 against 2 000 kept 13–16 % more orders a second
 * over HTTP at 3 000/s offered (three interleaved pairs of 40 s).
 */
const USER_INDEX_SLICE = 20_000;

/**
 * On SQLite, the span of ids past the mark moved in one transaction at most. A round at 10 000
 * orders a second (every 250 ms, jobs/userIndex.ts) brings about 15 000 journal rows: one statement
 * moves them, at about 0.6 µs a row on a slow machine.
 */
const USER_INDEX_SPAN = 20_000;

interface CatchUpLimits {
  /** Rows moved in one transaction at most (on SQLite, a span of ids). */
  slice?: number;
}

/**
 * Brings the index by owner up to date; `behind` tells that a table had more waiting than this
 * call took. Only users' rows are indexed (`isUserAccount`): the index is there for their
 * listings, and the exchange's own accounts are never listed by owner. Their rows were a quarter of
 * the journal's (the house's side of its fills, the fees collected): left out, a round moves a
 * quarter fewer rows and holds the books' write lock that much less (docs/spot-performance.md,
 * thirty-first session).
 *
 * On SQLite a call moves, for each table, the rows past the mark (ids in a span of at most
 * USER_INDEX_SPAN) in one transaction: one statement reads them in the table's order, sorts them
 * by owner and inserts them, so each user's page of the index is written once, and the mark moves
 * with them. Earlier rounds read the rows into JavaScript, grouped by owner, and moved them back in
 * slices, a transaction each: 1.6 times the CPU, and over HTTP at 4 000 orders/s 2.4 times the
 * spot thread's wall time, in the rounds where the slowest answers were (docs/spot-performance.md).
 *
 * On PostgreSQL a call moves one slice of the listed rows a table, in one transaction. Other
 * transactions commit rows while it runs: the rows are taken off the list and read by the same
 * statement, so a row committed after it began stays listed for the next round.
 */
export const catchUpUserIndex = async (
  db: Db,
  limits: CatchUpLimits = {},
): Promise<{ moved: number; behind: boolean }> => {
  let moved = 0;
  let behind = false;
  if (db.engine === 'sqlite') {
    for (const table of USER_INDEXED) {
      const n = await moveSqlite(db, table, limits.slice ?? USER_INDEX_SPAN);
      moved += n.moved;
      behind ||= n.behind;
    }
    return { moved, behind };
  }
  const slice = limits.slice ?? USER_INDEX_SLICE;
  // An idle round reads one row a table and writes nothing.
  const waiting: UserIndexed[] = [];
  for (const table of USER_INDEXED) {
    const { rows } = await sql`select id from ${sql.table(`${table}_unindexed`)} limit 1`.execute(db.kysely);
    if (rows.length > 0) waiting.push(table);
  }
  if (waiting.length === 0) return { moved: 0, behind: false };
  return transact(db.kysely, async (trx) => {
    for (const table of waiting) {
      const n = await movePostgres(trx, table, slice);
      moved += n.moved;
      behind ||= n.full;
    }
    return { moved, behind };
  });
};

/**
 * The rows of `table` with ids past the mark and at most `span` past it, moved by one statement.
 * A span of ids, not a count of rows: where it ends is found from the mark and the newest id, two
 * lookups, rather than by stepping through the rows (ids have gaps, so a span may hold fewer).
 * Read from the table itself, so a row deleted since (a house quote dropped) is not indexed; an
 * idle round reads two ids and writes nothing.
 */
const moveSqlite = async (db: Db, table: UserIndexed, span: number) =>
  transact(db.kysely, async (trx) => {
    const { rows } = await sql<{ mark: number; newest: number | null }>`select ${markOf(table)} as mark,
      (select max(id) from ${sql.table(table)}) as newest`.execute(trx);
    const mark = Number(rows[0]!.mark);
    const newest = rows[0]!.newest === null ? mark : Number(rows[0]!.newest);
    if (newest <= mark) return { moved: 0, behind: false };
    const upTo = Math.min(newest, mark + span);
    const res = await sql`insert or ignore into ${sql.table(`${table}_by_user`)} (user_id, id)
      select user_id, id from ${sql.table(table)} where id > ${mark} and id <= ${upTo}
      and user_id >= ${FIRST_USER_ID} order by user_id, id`.execute(trx);
    await trx.updateTable('owner_index_marks').set({ upto: upTo }).where('tbl', '=', table).execute();
    return { moved: Number(res.numAffectedRows ?? 0), behind: upTo < newest };
  });

/**
 * On PostgreSQL, clears what the catch-up leaves behind on the lists: every row it moves stays in
 * the list's heap and index, dead, until a vacuum. Each slice walks past the dead entries at the
 * front of the index, and each listing reads the dead heap rows, both more with every round;
 * autovacuum looks at a table once a minute at most. Never the space at the end of a list
 * (`truncate false`): giving it back takes a lock that the triggers listing new rows would wait for.
 * On SQLite there is no list: nothing to do.
 */
export const vacuumUserIndexLists = async (db: Db): Promise<void> => {
  if (db.engine === 'sqlite') return;
  const lists = sql.join(USER_INDEXED.map((table) => sql.table(`${table}_unindexed`)));
  await sql`vacuum (index_cleanup on, truncate false, skip_locked) ${lists}`.execute(db.kysely);
};

/**
 * Taken off the list and indexed by one statement: exactly the rows it saw. The list carries the
 * owners (migration 019): joined to the table for them, the planner read the whole table a slice.
 * The slice is the listed ids up to its last one's, found first: a range, which every plan reads
 * once. Written as `id in (select …)`, a join the planner may choose, after a vacuum had found the
 * list nearly empty (as any vacuum of it may, autovacuum's too) it believed the list held no rows
 * and joined it to the slice by a nested loop, comparing every row with every other: 6.5 s for
 * 8 000 rows, and 150 ms a slice under load at 3 000 orders/s. `id = any(array(…))` was no better:
 * scanning the list, each row was compared with the array element by element.
 */
export const moveListed = (table: UserIndexed, slice: number) => {
  const unindexed = sql.table(`${table}_unindexed`);
  return sql<{ taken: number; indexed: number }>`with taken as (
      delete from ${unindexed} where id <= coalesce(
        (select id from ${unindexed} order by id offset ${slice - 1} limit 1),
        (select max(id) from ${unindexed}))
      returning id, user_id),
    indexed as (
      insert into ${sql.table(`${table}_by_user`)} (user_id, id)
      select user_id, id from taken where user_id >= ${FIRST_USER_ID} order by user_id, id
      returning id)
    select (select count(*) from taken)::int as taken, (select count(*) from indexed)::int as indexed`;
};

/** Rows indexed, and whether the slice was full (more may be waiting). */
const movePostgres = async (trx: Kysely<Database>, table: UserIndexed, slice: number) => {
  const { taken, indexed } = (await moveListed(table, slice).execute(trx)).rows[0]!;
  return { moved: indexed, full: taken === slice };
};
