import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely';
import { chunks } from './chunks';
import type { Engine } from './connect';
import { rowValues, runPrepared } from './prepared';

/** PostgreSQL's type of each column a row sets, to bind the column as an array of it. */
export type ColumnTypes<R> = { readonly [K in keyof R]-?: string };

type Insert<DB, TB extends keyof DB> = InsertQueryBuilder<DB, TB, InsertResult>;

/**
 * Inserts rows made alike (the same keys in the same order) in as few statements as the engine
 * allows, each compiled once per shape (`runPrepared`); `conflict` adds what an upsert does.
 *
 * - SQLite: a `values` list, a statement for each number of rows up to `chunks`' slice. Its
 *   statements are prepared once per text and kept, and binding value by value was the quickest
 *   form measured there (a JSON text unnested by `json_each` was slower).
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
  conflict: (q: Insert<DB, TB>) => Insert<DB, TB> = (q) => q,
): Promise<void> => {
  if (rows.length === 0) return;
  if (engine === 'sqlite') {
    for (const part of chunks(rows))
      await runPrepared(db, `${shape}:${part.length}`, rowValues(part), () =>
        conflict(db.insertInto(table).values(part as never)),
      );
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
