import { describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../../protocol/spot';
import { applyOrder } from '../../streams/spot';

const o = (id: number, over: Partial<SpotOrderView> = {}): SpotOrderView => ({
  id,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '1.00',
  qty: '1.00000',
  amount: '1',
  filledQty: '0.00000',
  filledAmount: '0',
  avgPrice: null,
  fee: '0',
  feeAsset: 'BTC',
  status: 'app.data.order_pending',
  clientOid: null,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

describe('open orders from pushes', () => {
  it('adds new open orders on top, updates fills, drops finished ones and other pairs', () => {
    let list = applyOrder([], 'btcusdt', o(1));
    list = applyOrder(list, 'btcusdt', o(2));
    expect(list.map((x) => x.id)).toEqual([2, 1]);
    list = applyOrder(list, 'btcusdt', o(1, { filledQty: '0.50000', updatedAt: 2 }));
    expect(list.find((x) => x.id === 1)?.filledQty).toBe('0.50000');
    list = applyOrder(list, 'btcusdt', o(3, { pair: 'ethusdt' }));
    expect(list).toHaveLength(2);
    list = applyOrder(list, 'btcusdt', o(2, { status: 'app.data.order_completed', updatedAt: 3 }));
    expect(list.map((x) => x.id)).toEqual([1]);
  });

  it('never lets an older state (a late poll) undo a newer one', () => {
    const list = [o(1, { filledQty: '0.50000', updatedAt: 5 })];
    expect(applyOrder(list, 'btcusdt', o(1, { updatedAt: 4 }))[0]!.filledQty).toBe('0.50000');
  });
});
