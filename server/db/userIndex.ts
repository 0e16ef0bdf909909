import { sql, type Kysely, type SelectQueryBuilder, type Selectable } from 'kysely';
import type { Db } from './connect';
import type { Database } from './schema';
import { transact } from './transient';

/** Tables whose index by owner is brought up to date in bulk (migration 010). */
const USER_INDEXED = ['journal', 'spot_orders'] as const;
export type UserIndexed = (typeof USER_INDEXED)[number];

/** A user's rows of `T` under the alias `r`, to narrow with conditions on them. */
export type OwnedRows<T extends UserIndexed> = SelectQueryBuilder<Database & { r: Database[T] }, 'r', object>;

/**
 * The ids of a user's rows of `table`, in one query of two parts: the rows indexed by owner and
 * those not yet indexed. `narrow` adds conditions on the rows (`r`); without it the indexed part
 * reads the index alone. Ordered by id, the indexed part comes in the index's own order, so a page
 * of the newest reads only that page (the other part is a short list, sorted whole). Both parts
 * are read in one statement, so a catch-up between them cannot show a row twice or lose it.
 */
const ownedIds = <T extends UserIndexed>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  narrow?: (rows: OwnedRows<T>) => OwnedRows<T>,
) => {
  const rowsOf = (from: string) => {
    // A cross join keeps SQLite reading the short side first: on tables without statistics its
    // planner would otherwise scan the whole table for the list's few rows.
    const rows = db.selectFrom(named(from, 'b')).crossJoin(named(table, 'r')).whereRef('r.id', '=', 'b.id');
    return narrow ? (narrow(rows as unknown as OwnedRows<T>) as unknown as typeof rows) : rows;
  };
  const indexed = narrow ? rowsOf(`${table}_by_user`) : db.selectFrom(named(`${table}_by_user`, 'b'));
  const tail = rowsOf(`${table}_unindexed`).where('r.user_id', '=', userId);
  return indexed.where('b.user_id', '=', userId).select('b.id as id').unionAll(tail.select('b.id as id'));
};

/** A table named at run time, which Kysely cannot type: only its key columns are used. */
const named = <A extends string>(table: string, alias: A) =>
  sql<{ id: number; user_id: number }>`${sql.table(table)}`.as(alias);

/** A page of a user's rows of `table`, newest first, and how many there are in all. */
export const ownedPage = async <T extends UserIndexed>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  page: { offset: number; limit: number },
  narrow?: (rows: OwnedRows<T>) => OwnedRows<T>,
): Promise<{ rows: Array<Selectable<Database[T]>>; total: number }> => {
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
 * Rows moved into the index in one transaction at most, for each table. The move holds SQLite's
 * write lock, which the spot books wait for meanwhile: about a microsecond a row.
 */
const USER_INDEX_SLICE = 2000;

/**
 * Moves up to `slice` rows of each table not yet indexed into the index by owner, sorted, in one
 * transaction: each user's page of the index is written once for all of that user's rows in the
 * slice. `behind` tells that a table had more waiting than the slice took.
 *
 * On PostgreSQL other transactions commit rows while this runs: the rows are taken off the list
 * and read by the same statement, so a row committed after it began stays listed for the next
 * round. On SQLite the transaction holds the only write lock.
 */
export const catchUpUserIndex = async (
  db: Db,
  slice = USER_INDEX_SLICE,
): Promise<{ moved: number; behind: boolean }> => {
  // An idle round reads one row a table and writes nothing.
  const waiting: UserIndexed[] = [];
  for (const table of USER_INDEXED) {
    const { rows } = await sql`select id from ${sql.table(`${table}_unindexed`)} limit 1`.execute(db.kysely);
    if (rows.length > 0) waiting.push(table);
  }
  if (waiting.length === 0) return { moved: 0, behind: false };
  return transact(db.kysely, async (trx) => {
    let moved = 0;
    let behind = false;
    for (const table of waiting) {
      const n = await (db.engine === 'postgres' ? movePostgres : moveSqlite)(trx, table, slice);
      moved += n;
      behind ||= n === slice;
    }
    return { moved, behind };
  });
};

type Move = (trx: Kysely<Database>, table: UserIndexed, slice: number) => Promise<number>;

/** The lowest ids waiting, up to the slice's last: the same rows for both statements, since no
 * other writer runs meanwhile. */
const moveSqlite: Move = async (trx, table, slice) => {
  const unindexed = sql.table(`${table}_unindexed`);
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from
    (select id from ${unindexed} order by id limit ${slice})`.execute(trx);
  const upTo = rows[0]?.id;
  // Emptied since it was looked at: the spot books remove the house's unfilled quotes.
  if (upTo === null || upTo === undefined) return 0;
  const res = await sql`insert into ${sql.table(`${table}_by_user`)} (user_id, id)
    select r.user_id, r.id from ${unindexed} u cross join ${sql.table(table)} r
    where r.id = u.id and u.id <= ${upTo} order by r.user_id, r.id`.execute(trx);
  await sql`delete from ${unindexed} where id <= ${upTo}`.execute(trx);
  return Number(res.numAffectedRows ?? 0);
};

/** Taken off the list and indexed by one statement: exactly the rows it saw. */
const movePostgres: Move = async (trx, table, slice) => {
  const unindexed = sql.table(`${table}_unindexed`);
  const res = await sql`with moved as (
      delete from ${unindexed} where id in (select id from ${unindexed} order by id limit ${slice})
      returning id)
    insert into ${sql.table(`${table}_by_user`)} (user_id, id)
    select r.user_id, r.id from moved join ${sql.table(table)} r on r.id = moved.id
    order by r.user_id, r.id`.execute(trx);
  return Number(res.numAffectedRows ?? 0);
};
