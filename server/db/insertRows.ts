import {
  sql,
  type Compilable,
  type CompiledQuery,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
} from 'kysely';
import { chunks } from './chunks';
import type { Engine } from './connect';
import { compiledShape, prepareSlices, rowValues, runPrepared, type Slice } from './prepared';

/**
 * The statement for `n` rows made from the one for a row, its tuple of values said once a row, to
 * bind `values`. Kysely builds a multi-row insert as a tree of a node per value and then visits it:
 * about 0.4 ms for each number of rows the first time the spot thread met it, a few hundred of them
 * (docs/spot-performance.md, twenty-ninth session). Here that is a string's work. A statement that
 * binds anything after its tuple (none does) is refused.
 */
const repeated = <R>(one: CompiledQuery<R>, n: number, values: readonly unknown[]): Compilable<R> => {
  const open = one.sql.indexOf(' values (') + ' values '.length;
  const close = one.sql.indexOf(')', open) + 1;
  const tuple = one.sql.slice(open, close);
  if (open < ' values '.length || !/^\((\?, )*\?\)$/.test(tuple) || one.sql.includes('?', close))
    throw new Error(`insertRows: no tuple of values to repeat in ${one.sql}`);
  const sql = `${one.sql.slice(0, open)}${Array<string>(n).fill(tuple).join(', ')}${one.sql.slice(close)}`;
  return { compile: () => ({ sql, query: one.query, queryId: one.queryId, parameters: values }) };
};

/** PostgreSQL's type of each column a row sets, to bind the column as an array of it. Its keys are
 * the columns in the order the rows list them. */
export type ColumnTypes<R> = { readonly [K in keyof R]-?: string };

type Insert<DB, TB extends keyof DB> = InsertQueryBuilder<DB, TB, InsertResult>;
type Conflict<DB, TB extends keyof DB> = (q: Insert<DB, TB>) => Insert<DB, TB>;

const columnsOf = new WeakMap<object, readonly string[]>();

/** Whether `row` lists exactly the columns of `types`, in their order: a statement prepared ahead
 * (`prepareInsertRows`) was made from that order, and binds a row's values in the order it lists
 * them. */
const inColumnOrder = (row: object, types: object) => {
  let columns = columnsOf.get(types);
  if (!columns) columnsOf.set(types, (columns = Object.keys(types)));
  let i = 0;
  for (const key in row) if (key !== columns[i++]) return false;
  return i === columns.length;
};

/** The SQLite statement for `part`, rows made alike, and the values it binds. */
const sqliteSlice = <DB, TB extends keyof DB & string, R extends object>(
  db: Kysely<DB>,
  shape: string,
  table: TB,
  part: readonly R[],
  conflict: Conflict<DB, TB>,
): Slice<InsertResult> => {
  const params = rowValues(part);
  const build = (rows: readonly R[]) => conflict(db.insertInto(table).values(rows as never));
  return {
    params,
    build: () => {
      // A connection with plugins has each query built whole, for them to see (`runPrepared`).
      if (db.getExecutor().plugins.length > 0 || part.length === 1) return build(part);
      const first = part.slice(0, 1);
      return repeated(
        compiledShape(db, `${shape}:1`, rowValues(first), () => build(first)),
        part.length,
        params,
      );
    },
  };
};

/**
 * Inserts rows made alike (the same keys in the same order) in as few statements as the engine
 * allows, each compiled once per shape (`runPrepared`); `conflict` adds what an upsert does.
 *
 * - SQLite: a `values` list, a statement for each size of slice (`chunks`). Its statements are
 *   prepared once per text and kept, and binding value by value was the quickest form measured
 *   there (a JSON text unnested by `json_each` was slower). The rows must list the columns of
 *   `types` in its order (checked on the first).
 * - PostgreSQL: each column bound as one array and unnested (`select * from unnest($1::int4[], …)`),
 *   one statement whatever the number of rows. PostgreSQL parses and plans every statement the
 *   driver sends, and a `values` list of a few hundred rows costs that in proportion to its
 *   rows: a batch's journal of 370 rows took 6.7–10.3 ms as a list against 2.9–4.7 ms unnested
 *   (docs/spot-performance.md, twenty-fourth session).
 */
export const insertRows = async <DB, TB extends keyof DB & string, R extends object>(
  db: Kysely<DB>,
  engine: Engine,
  shape: string,
  table: TB,
  rows: readonly R[],
  types: ColumnTypes<R>,
  conflict: Conflict<DB, TB> = (q) => q,
): Promise<void> => {
  if (rows.length === 0) return;
  if (engine === 'sqlite') {
    if (!inColumnOrder(rows[0]!, types))
      throw new Error(`insertRows ${shape}: a row does not list the columns in their order`);
    for (const part of chunks(rows)) {
      const { params, build } = sqliteSlice(db, shape, table, part, conflict);
      await runPrepared(db, `${shape}:${part.length}`, params, build);
    }
    return;
  }
  const columns = Object.keys(rows[0]!) as Array<keyof R & string>;
  const arrays = columns.map((c) => rows.map((r) => r[c]));
  await runPrepared(db, `${shape}:unnest`, arrays, () =>
    conflict(
      db
        .insertInto(table)
        .columns(columns as never)
        .expression(
          sql`select * from unnest(${sql.join(arrays.map((a, i) => sql`${a}::${sql.raw(types[columns[i]!])}[]`))})`,
        ),
    ),
  );
};

/** Prepares ahead, on a SQLite connection, the statements `insertRows` runs with these arguments
 * for every size of slice (`prepareSlices`). */
export const prepareInsertRows = <DB, TB extends keyof DB & string, R extends object>(
  db: Kysely<DB>,
  shape: string,
  table: TB,
  types: ColumnTypes<R>,
  conflict: Conflict<DB, TB> = (q) => q,
) => {
  // Any values do: the statement's text depends only on the columns and the number of rows.
  const row = Object.fromEntries(Object.keys(types).map((column, i) => [column, i])) as R;
  prepareSlices(db, shape, (n) => sqliteSlice(db, shape, table, Array<R>(n).fill(row), conflict));
};
