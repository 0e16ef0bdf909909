import type { Kysely } from 'kysely';
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
