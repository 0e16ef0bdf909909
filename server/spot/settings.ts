import { ASSET_SCALE, SETTING_UNITS_MAX } from '../../protocol';
import type { Db } from '../db/connect';
import { audited } from '../db/repos/audit';
import { spotReader, type SpotPairRow } from '../db/repos/spot';
import type { Actor } from '../domain/operators/actor';
import { formatScaled, parseExact } from '../domain/money/scaled';
import { AppError } from '../domain/appError';

/** A pair's spot settings as operators see and change them. */
export interface SpotPairSettings {
  pair: string;
  enabled: boolean;
  /** The least an order may be worth, in the quote coin. */
  minAmount: string;
}

export const symbolOf = (r: Pick<SpotPairRow, 'tradecoin' | 'settlecoin'>) =>
  `${r.tradecoin}${r.settlecoin}`.toLowerCase();

const view = (r: SpotPairRow): SpotPairSettings => ({
  pair: symbolOf(r),
  enabled: r.spot_enabled !== 0,
  minAmount: formatScaled(parseExact(r.spot_min_amount, ASSET_SCALE) ?? 0n, ASSET_SCALE),
});

export const listSpotSettings = async (db: Db): Promise<SpotPairSettings[]> =>
  (await spotReader(db.kysely).pairs()).map(view);

/**
 * Opens or closes a pair for spot orders, or changes its minimum order amount, with an audit row
 * in the same transaction. The running server picks the change up within its settings refresh;
 * orders already resting are left as they are.
 */
export const configureSpotPair = async (
  db: Db,
  actor: Actor,
  change: { pair: string; enabled?: boolean; minAmount?: string },
): Promise<SpotPairSettings> => {
  const min = change.minAmount === undefined ? undefined : parseExact(change.minAmount, ASSET_SCALE);
  if (min === null || (min !== undefined && (min < 0n || min > SETTING_UNITS_MAX)))
    throw new AppError('parameter_error', { field: 'minAmount' });
  return audited(db, actor, Date.now(), async (trx) => {
    const row = (await spotReader(trx).pairs()).find((r) => symbolOf(r) === change.pair);
    if (!row) throw new AppError('currency_not_exist', { field: 'pair' });
    const next: SpotPairRow = {
      ...row,
      spot_enabled: change.enabled === undefined ? row.spot_enabled : change.enabled ? 1 : 0,
      spot_min_amount: min === undefined ? row.spot_min_amount : formatScaled(min, ASSET_SCALE),
    };
    await trx
      .updateTable('pairs')
      .set({ spot_enabled: next.spot_enabled, spot_min_amount: next.spot_min_amount })
      .where('tradecoin', '=', row.tradecoin)
      .where('settlecoin', '=', row.settlecoin)
      .execute();
    return {
      result: view(next),
      change: {
        action: 'spot.configure',
        target: `pair:${change.pair}`,
        before: view(row),
        after: view(next),
      },
    };
  });
};
