import type { Kysely } from 'kysely';
import { TRADES_LIMIT_MAX, type Trade } from '../../protocol';
import { listPairs } from '../db/repos/content';
import type { Database } from '../db/schema';
import type { PairSpec } from '../domain/spot/types';
import { pairUnits, type PairUnits } from '../domain/spot/units';
import { instrumentFor } from '../market/instruments';

/** A listed pair as the spot engine trades it. */
export interface SpotPair {
  spec: PairSpec;
  /** Exact units; a pair without them never trades (placeholders keep its views printable). */
  units: PairUnits;
  exact: boolean;
  /** The size of a typical print, in lots: the house's level sizes follow it. */
  printLots: number;
}

export const loadSpotPairs = async (db: Kysely<Database>): Promise<SpotPair[]> =>
  (await listPairs(db)).map((p) => {
    const inst = instrumentFor(p.tradecoin, p.settlecoin);
    const units = pairUnits(inst);
    return {
      spec: {
        symbol: inst.symbol,
        base: inst.base,
        quote: inst.quote,
        pricePrecision: inst.pricePrecision,
        qtyPrecision: inst.qtyPrecision,
      },
      units: units ?? { perLot: 1n, perTickLot: 1n },
      exact: units !== null,
      printLots: Math.max(1, Math.round(inst.printQty * 10 ** inst.qtyPrecision)),
    };
  });

/**
 * A pair's latest prints, as many as any caller may ask for. Kept oldest first, so each fill adds
 * its prints at the end: put in front of a list of 200 (`unshift`), every print moved them all,
 * on both threads, for every order that filled. Trimmed once twice the limit is held.
 */
export class Prints {
  private oldestFirst: Trade[] = [];

  /** `newestFirst` as on the wire. */
  constructor(newestFirst: readonly Trade[] = []) {
    this.add(newestFirst);
  }

  /** Adds prints newer than every one held, newest first as on the wire. */
  add(newestFirst: readonly Trade[]) {
    for (let i = newestFirst.length - 1; i >= 0; i--) this.oldestFirst.push(newestFirst[i]!);
    if (this.oldestFirst.length > 2 * TRADES_LIMIT_MAX)
      this.oldestFirst.splice(0, this.oldestFirst.length - TRADES_LIMIT_MAX);
  }

  /** The newest `limit` prints (at most `TRADES_LIMIT_MAX`), newest first. */
  newest(limit: number): Trade[] {
    const list = this.oldestFirst;
    const end = Math.max(0, list.length - Math.min(limit, TRADES_LIMIT_MAX));
    const out: Trade[] = [];
    for (let i = list.length - 1; i >= end; i--) out.push(list[i]!);
    return out;
  }
}
