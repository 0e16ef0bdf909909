import { ASSET_SCALE } from '../protocol';
import type { Ledger } from '../server/domain/ledger/ledger';
import { parseExact } from '../server/domain/money/scaled';
import type { Side } from '../server/domain/spot/types';
import type { PlaceRequest } from '../server/spot/service';

/** What each benchmark trader starts with: enough for every order of a run. */
export const fundTrader = (ledger: Ledger, userId: number) =>
  ledger.post(
    Object.entries({ USDT: '10000000', BTC: '100' }).map(([asset, amount]) => ({
      userId,
      asset,
      available: parseExact(amount, ASSET_SCALE)!,
      frozen: 0n,
      type: 'app.data.deposit' as const,
      ref: 'bench',
    })),
    Date.now(),
  );

/** The mix repeats every this many orders: `spotOrderAt` reads n only modulo it, so a load
 * generator may make each of them once. */
export const SPOT_MIX_PERIOD = 100;

/** The spot benchmarks' order mix, the n-th order: buys and sells in turn, half of them limit
 * orders within 0.5 % of the last price (resting, or crossing the house's quotes), half small
 * market orders that fill against them. */
export const spotOrderAt = (i: number, last: number): { side: Side; req: PlaceRequest } => {
  const n = i % SPOT_MIX_PERIOD;
  const side = n % 2 === 0 ? 'buy' : 'sell';
  if (n % 4 >= 2)
    return {
      side,
      req:
        side === 'buy'
          ? { pair: 'btcusdt', type: 'market', amount: '20' }
          : { pair: 'btcusdt', type: 'market', qty: '0.0002' },
    };
  const price = (last * (1 + ((side === 'buy' ? -1 : 1) * ((n % 50) - 10)) / 10_000)).toFixed(2);
  return { side, req: { pair: 'btcusdt', type: 'limit', price, qty: '0.001' } };
};
