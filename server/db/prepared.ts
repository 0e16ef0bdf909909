import type { CompiledQuery, Compilable, Kysely, QueryResult, RootOperationNode } from 'kysely';
import { SLICE_SIZES } from './chunks';

/** Compiled queries by dialect (their SQL differs, `?` against `$1`) and shape. */
const compiled = new WeakMap<object, Map<string, CompiledQuery>>();

/** The SQL texts of the compiled shapes, each with a name of its own: on PostgreSQL they run as
 * statements prepared under it (`openPostgres`). */
const names = new Map<string, string>();

/** The name a statement compiled by `runPrepared` is prepared under, none for any other text. */
export const preparedName = (text: string): string | undefined => names.get(text);

/** A root node that tells only what kind of statement it was (SQLite's driver streams selects
 * alone). */
const stub = (query: RootOperationNode): RootOperationNode => ({ kind: query.kind }) as RootOperationNode;

/**
 * The compiled form of a query, made once per shape: `shape` names everything its SQL text depends
 * on (the statement and its number of rows or keys), and `build` makes it with Kysely the first
 * time only. On the order path Kysely's building (a frozen tree per row, visited to make the text)
 * cost more than SQLite's own work. The first compilation is checked against `params`, its bound
 * values in the order the SQL binds them, so a caller that lists its values in another order than
 * Kysely binds them fails at once rather than writing a column into another. What is kept has no
 * values: it is run with each call's own.
 */
export const compiledShape = <DB, R>(
  db: Kysely<DB>,
  shape: string,
  params: readonly unknown[],
  build: () => Compilable<R>,
): CompiledQuery<R> => {
  const adapter = db.getExecutor().adapter;
  let byShape = compiled.get(adapter);
  if (!byShape) compiled.set(adapter, (byShape = new Map()));
  const known = byShape.get(shape);
  if (known) return known as CompiledQuery<R>;
  const first = build().compile();
  if (first.parameters.length !== params.length || first.parameters.some((v, i) => v !== params[i]))
    throw new Error(`prepared query ${shape}: its parameters are not bound in the order given`);
  // Kept without the tree it was compiled from, which holds a node for every bound value, nor the
  // first call's values: the spot thread compiles hundreds of shapes (a statement for each number
  // of rows), and kept whole they held 18 of the 48 MB its heap kept alive under load. The drivers
  // read only the SQL, the values and the root's kind.
  if (!names.has(first.sql)) names.set(first.sql, `prepared_${names.size}`);
  const kept = { sql: first.sql, query: stub(first.query), queryId: first.queryId, parameters: [] };
  byShape.set(shape, kept);
  return kept;
};

/** What makes a SQLite connection prepare a statement ahead of its first run, by the adapter its
 * queries are compiled for (`openSqlite`). */
const preparers = new WeakMap<object, (sql: string) => void>();

export const setPreparer = <DB>(db: Kysely<DB>, prepare: (sql: string) => void) =>
  preparers.set(db.getExecutor().adapter, prepare);

/** A statement of one number of rows or keys: the values it binds and its query, for `shape`. */
export type Slice<R> = { params: readonly unknown[]; build: () => Compilable<R> };

/**
 * Builds the statement of `shape` for every size of slice `chunks` makes (`slice(n)`, with any
 * values of the right kinds) and has the connection prepare it, so that none is made on the order
 * path when a rise in load first brings its number of rows. A new one stalled the spot thread
 * 0.3–0.5 ms, and a step up from 1 000 to 6 000 orders a second brought 61 of them in a second
 * (docs/spot-performance.md, thirtieth session). Only a SQLite connection keeps what it prepared
 * this way; elsewhere, and on a connection with plugins (which must see each query built), nothing
 * is done.
 */
export const prepareSlices = <DB, R>(db: Kysely<DB>, shape: string, slice: (n: number) => Slice<R>) => {
  const prepare = preparers.get(db.getExecutor().adapter);
  if (!prepare || db.getExecutor().plugins.length > 0) return;
  for (const n of SLICE_SIZES) {
    const { params, build } = slice(n);
    prepare(compiledShape(db, `${shape}:${n}`, params, build).sql);
  }
};

/** Runs a query compiled once per shape (`compiledShape`) with `params` bound. */
export const runPrepared = async <DB, R>(
  db: Kysely<DB>,
  shape: string,
  params: readonly unknown[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> => {
  // A plugin rewrites each query as it is built (a test's spy, say): such a connection builds
  // every time, and its queries never reach a shape other connections reuse.
  if (db.getExecutor().plugins.length > 0) return db.executeQuery(build());
  const { sql, query, queryId } = compiledShape(db, shape, params, build);
  return db.executeQuery<R>({ sql, query, queryId, parameters: params });
};

/** The values of rows made alike (same keys, same order), row after row: what a multi-row insert
 * binds. Plain loops into an array of the final length: `flatMap(Object.values)` cost about as much
 * as all the rest of a batch's ledger writing, and `Object.values` row by row, pushed, 2 to 5 times
 * these (a new array a row, and the output grown as it went). `for … in` visits a plain object's
 * keys in the order `Object.values` gives its values. */
export const rowValues = (rows: readonly object[]): unknown[] => {
  if (rows.length === 0) return [];
  const out: unknown[] = new Array<unknown>(rows.length * Object.keys(rows[0]!).length);
  let i = 0;
  for (const row of rows) for (const key in row) out[i++] = (row as Record<string, unknown>)[key];
  return out;
};
