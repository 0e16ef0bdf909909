import { ASSET_SCALE } from '../../../protocol';
import type { Ledger } from '../../../server/domain/ledger/ledger';
import { parseExact } from '../../../server/domain/money/scaled';
import type { SpotService, Trader } from '../../../server/spot/service';
import { T0 } from './accounts';

export const units = (amount: string) => parseExact(amount, ASSET_SCALE)!;

/** Credits an account through the ledger, as the demo funding would. */
export const fund = (ledger: Ledger, userId: number, funds: Record<string, string>) =>
  ledger.post(
    Object.entries(funds).map(([asset, amount]) => ({
      userId,
      asset,
      available: units(amount),
      frozen: 0n,
      type: 'app.data.demo_funding' as const,
      ref: 'test',
    })),
    T0,
  );

/** A reference tick for a pair, price as a decimal at the pair's precision (BTC: 2 places). */
export const tick = (
  spot: Pick<SpotService, 'onTick'>,
  pair: string,
  price: string,
  ts: number,
  precision = 2,
) => spot.onTick({ pair, ts, price: parseExact(price, precision)!, qty: 1n, source: 'test' });

/** A verified trader allowed to trade, as the books see one. */
export const trader = (id: number): Trader => ({
  id,
  certification: 2,
  tradingDisabled: false,
  locked: false,
});
