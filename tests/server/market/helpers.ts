import type { Tick } from '../../../server/market/feed';
import { instrumentFor } from '../../../server/market/instruments';
import { toScaled } from '../../../server/domain/money/scaled';

export const BTC = instrumentFor('BTC', 'USDT');
export const ETH = instrumentFor('ETH', 'USDT');

export const tick = (ts: number, price: string, qty = '0.01000', pair = BTC.symbol): Tick => ({
  pair,
  ts,
  price: toScaled(price, 2),
  qty: toScaled(qty, 5),
  source: 'test',
});
