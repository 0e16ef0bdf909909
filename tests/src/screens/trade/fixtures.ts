import type { PairInfo } from '../../../../protocol';
import type { SpotOrderView } from '../../../../protocol/spot';

export const PAIRS: PairInfo[] = [
  { symbol: 'btcusdt', name: 'BTC/USDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, qtyPrecision: 5 },
  { symbol: 'ethusdt', name: 'ETH/USDT', base: 'ETH', quote: 'USDT', pricePrecision: 2, qtyPrecision: 4 },
];

/** A coin traded in whole units. */
export const DOGE: PairInfo = {
  symbol: 'dogeusdt',
  name: 'DOGE/USDT',
  base: 'DOGE',
  quote: 'USDT',
  pricePrecision: 5,
  qtyPrecision: 0,
};

export const RULES = {
  pair: 'btcusdt',
  enabled: true,
  minAmount: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  band: '0.05',
};

export const order = (over: Partial<SpotOrderView> = {}): SpotOrderView => ({
  id: 7,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '99000.00',
  qty: '0.10000',
  amount: '9900',
  filledQty: '0.00000',
  filledAmount: '0',
  avgPrice: null,
  fee: '0',
  feeAsset: 'BTC',
  status: 'app.data.order_pending',
  clientOid: null,
  createdAt: Date.UTC(2027, 0, 15, 10),
  updatedAt: Date.UTC(2027, 0, 15, 10),
  ...over,
});
