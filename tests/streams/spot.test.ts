import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrderView } from '../../protocol/spot';
import { applyOrder, createSpotStreams } from '../../streams/spot';
import { fakeTransport } from './fakeTransport';

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

describe('open orders from the client\u2019s own answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an order placed or cancelled at once, with the socket down, before the next poll', async () => {
    const t = fakeTransport();
    t.setState('reconnecting');
    const api = {
      openOrders: vi.fn(async () => ({ list: [o(1)], page: 1, size: 50, total: 1 })),
      balances: vi.fn(async () => []),
    };
    const spot = createSpotStreams({ transport: t.transport, api });
    const seen: number[][] = [];
    const sub = spot.openOrders$('btcusdt').subscribe((list) => seen.push(list.map((x) => x.id)));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen.at(-1)).toEqual([1]);
    spot.noteOrder(o(2, { updatedAt: 2 }));
    expect(seen.at(-1)).toEqual([2, 1]);
    spot.noteOrder(o(1, { status: 'app.data.order_cancelled', updatedAt: 3 }));
    expect(seen.at(-1)).toEqual([2]);
    expect(api.openOrders).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });
});
