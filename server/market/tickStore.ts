import type { Kysely } from 'kysely';
import type { Database, TickTable } from '../db/schema';
import type { Tick } from './feed';
import type { Instrument } from './instruments';
import { formatScaled } from '../domain/money/scaled';

const BATCH = 500;

/**
 * The recorded reference feed. Ticks are buffered and written in batches (one statement per few
 * hundred ticks, not one per tick); `flush` writes what is buffered and is called on a timer and
 * at shutdown, so a stop loses nothing that was accepted.
 */
export class TickStore {
  private buffer: Array<Omit<TickTable, 'id'>> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly instruments: ReadonlyMap<string, Instrument>,
  ) {}

  add(tick: Tick) {
    const inst = this.instruments.get(tick.pair);
    if (!inst) return;
    this.buffer.push({
      pair: tick.pair,
      ts: tick.ts,
      price: formatScaled(tick.price, inst.pricePrecision),
      qty: formatScaled(tick.qty, inst.qtyPrecision),
      source: tick.source,
    });
  }

  get pending() {
    return this.buffer.length;
  }

  async flush() {
    const rows = this.buffer;
    this.buffer = [];
    try {
      for (let i = 0; i < rows.length; i += BATCH) {
        await this.db
          .insertInto('ticks')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    } catch (err) {
      // Keep them for the next flush rather than lose recorded prices.
      this.buffer = rows.concat(this.buffer);
      throw err;
    }
  }
}

/** The newest recorded tick of a pair, if any. */
export const lastTick = (db: Kysely<Database>, pair: string) =>
  db
    .selectFrom('ticks')
    .select(['ts', 'price', 'qty', 'source'])
    .where('pair', '=', pair)
    .orderBy('ts', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Recorded ticks of a pair in [from, to), oldest first: what a settlement or an audit reads. */
export const ticksBetween = (db: Kysely<Database>, pair: string, from: number, to: number) =>
  db
    .selectFrom('ticks')
    .select(['id', 'ts', 'price', 'qty', 'source'])
    .where('pair', '=', pair)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .orderBy('id')
    .execute();

/** The last recorded tick of a pair at or before `ts` (never one after it): the price a timed
 * contract opens or settles on. Ties in time go to the one recorded last. */
export const tickAtOrBefore = (db: Kysely<Database>, pair: string, ts: number) =>
  db
    .selectFrom('ticks')
    .select(['id', 'ts', 'price', 'source'])
    .where('pair', '=', pair)
    .where('ts', '<=', ts)
    .orderBy('ts', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
