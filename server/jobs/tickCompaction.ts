import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteCandlesBefore } from '../market/candleRepo';
import { repeat } from './repeat';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** 1-minute candles older than this are dropped; every coarser interval is kept. */
const MINUTE_CANDLE_RETENTION_MS = 90 * 24 * HOUR_MS;

/**
 * Thins recorded ticks older than `before` to the last tick of each pair and minute. What stays is
 * still the recorded feed (same rows, same prices, same source), enough to audit any minute and to
 * settle anything that closed on a minute; the full-rate record is kept for the raw-retention
 * window, where open contracts live. Works an hour at a time so no statement holds a long lock.
 * Returns the number of ticks removed and the time compacted up to.
 */
export const compactTicks = async (db: Kysely<Database>, before: number, from?: number) => {
  const oldest = await db
    .selectFrom('ticks')
    .select((eb) => eb.fn.min('ts').as('ts'))
    .executeTakeFirst();
  if (oldest?.ts === null || oldest?.ts === undefined) return { removed: 0, upTo: from ?? 0 };
  const end = before - (before % MINUTE_MS);
  let start = Math.max(Number(oldest.ts), from ?? 0);
  start -= start % MINUTE_MS;
  let removed = 0;
  while (start < end) {
    const stop = Math.min(end, start + HOUR_MS);
    const keep = db
      .selectFrom('ticks')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('ts', '>=', start)
      .where('ts', '<', stop)
      .groupBy(['pair', sql`ts / ${sql.lit(MINUTE_MS)}`]);
    const res = await db
      .deleteFrom('ticks')
      .where('ts', '>=', start)
      .where('ts', '<', stop)
      .where('id', 'not in', keep)
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
    start = stop;
  }
  return { removed, upTo: end };
};

interface CompactionOptions {
  rawRetentionMs: number;
  everyMs?: number;
  now?: () => number;
  onDone?: (result: { removed: number; candlesRemoved: number }) => void;
  onError?: (err: unknown) => void;
}

/** Runs the compaction on a schedule; the returned function stops it. */
export const scheduleCompaction = (db: Kysely<Database>, opts: CompactionOptions) => {
  const { rawRetentionMs, everyMs = HOUR_MS, now = Date.now, onDone, onError } = opts;
  let upTo: number | undefined;
  return repeat(
    async () => {
      const t = now();
      const ticks = await compactTicks(db, t - rawRetentionMs, upTo);
      upTo = ticks.upTo;
      const candlesRemoved = await deleteCandlesBefore(db, '1m', t - MINUTE_CANDLE_RETENTION_MS);
      onDone?.({ removed: ticks.removed, candlesRemoved });
    },
    { everyMs, firstAfterMs: Math.min(everyMs, MINUTE_MS), onError },
  );
};
