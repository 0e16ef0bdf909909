import type { Kysely } from 'kysely';
import type { Interval, Kline } from '../../protocol';
import type { CandleTable, Database } from '../db/schema';

/** Rows per statement: well under both engines' limit on bound parameters. */
const BATCH = 500;

export const upsertCandles = async (db: Kysely<Database>, rows: readonly CandleTable[]) => {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('candles')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.columns(['pair', 'period', 't']).doUpdateSet((eb) => ({
          o: eb.ref('excluded.o'),
          h: eb.ref('excluded.h'),
          l: eb.ref('excluded.l'),
          c: eb.ref('excluded.c'),
          v: eb.ref('excluded.v'),
          qv: eb.ref('excluded.qv'),
        })),
      )
      .execute();
  }
};

/** The newest `limit` candles opening before `before` (all when absent), oldest first. */
export const readCandles = async (
  db: Kysely<Database>,
  pair: string,
  period: Interval,
  limit: number,
  before?: number,
) => {
  let q = db
    .selectFrom('candles')
    .select(['t', 'o', 'h', 'l', 'c', 'v', 'qv'])
    .where('pair', '=', pair)
    .where('period', '=', period);
  if (before !== undefined) q = q.where('t', '<', before);
  const rows = await q.orderBy('t', 'desc').limit(limit).execute();
  return rows.reverse();
};

/** The same candles as the wire shows them: rows are written in that form (`toRow`), so their
 * text is served as it is, with no round trip through scaled integers. */
export const readKlines = async (
  db: Kysely<Database>,
  pair: string,
  period: Interval,
  limit: number,
  before?: number,
): Promise<Kline[]> =>
  (await readCandles(db, pair, period, limit, before)).map(({ t, o, h, l, c, v }) => ({
    t: Number(t),
    o,
    h,
    l,
    c,
    v,
  }));

/** Candles opening at or after `from`, oldest first. */
export const readCandlesSince = (db: Kysely<Database>, pair: string, period: Interval, from: number) =>
  db
    .selectFrom('candles')
    .select(['t', 'o', 'h', 'l', 'c', 'v', 'qv'])
    .where('pair', '=', pair)
    .where('period', '=', period)
    .where('t', '>=', from)
    .orderBy('t')
    .execute();

export const hasCandles = async (db: Kysely<Database>, pair: string) =>
  (await db.selectFrom('candles').select('t').where('pair', '=', pair).limit(1).execute()).length > 0;

/** Drops candles of `period` that opened before `before` (retention of the finest intervals). */
export const deleteCandlesBefore = async (db: Kysely<Database>, period: Interval, before: number) => {
  const res = await db
    .deleteFrom('candles')
    .where('period', '=', period)
    .where('t', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
};
