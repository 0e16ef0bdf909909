import { CompiledQuery, sql } from 'kysely';
import { vi } from 'vitest';
import type { Db } from '../../../server/db/connect';
import type { TestDb } from './testDb';

/** The queries `run` sends, caught, not run: `run` sees empty results, and a failure of its own on
 * them is left aside (its queries were sent). */
const caught = async (db: Db, run: () => Promise<unknown>): Promise<CompiledQuery[]> => {
  const executor = db.kysely.getExecutor();
  const seen: CompiledQuery[] = [];
  const spy = vi.spyOn(executor, 'executeQuery').mockImplementation(async (q) => {
    seen.push(q);
    return { rows: [] };
  });
  try {
    await run().catch(() => undefined);
  } finally {
    spy.mockRestore();
  }
  return seen;
};

/** The engine's plan for one query, as its steps (lines of PostgreSQL's) joined by "; ". */
export const planOf = async (db: Db, q: CompiledQuery): Promise<string> => {
  const explain = db.engine === 'sqlite' ? 'explain query plan' : 'explain';
  const { rows } = await db.kysely.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${explain} ${q.sql}`, [...q.parameters]),
  );
  return rows.map((r) => r.detail ?? r['QUERY PLAN']).join('; ');
};

/** The engine's plan for each query `run` sends (`caught`), in the order sent (`planOf`). */
export const queryPlans = async (db: Db, run: () => Promise<unknown>): Promise<string[]> => {
  const plans: string[] = [];
  for (const q of await caught(db, run)) plans.push(await planOf(db, q));
  return plans;
};

/** The names of `table`'s indexes, on either engine. */
export const indexNames = async (t: TestDb, table: string) => {
  if (t.engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(t.db.kysely);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = ${t.schema} and tablename = ${table}`.execute(
    t.db.kysely,
  );
  return rows.map((r) => r.name);
};
