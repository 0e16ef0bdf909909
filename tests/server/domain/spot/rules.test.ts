import { describe, expect, it } from 'vitest';
import { sameOrder } from '../../../../server/domain/spot/rules';
import type { SpotOrder } from '../../../../server/domain/spot/types';
import { PAIR } from './harness';

const first = (o: Partial<SpotOrder>): SpotOrder => ({
  id: 1,
  userId: 7,
  pair: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: 9_800_000,
  qty: 1000,
  budget: null,
  filledQty: 0,
  filledQuote: 0n,
  fee: 0n,
  frozen: 0n,
  status: 'pending',
  clientOid: 'c-1',
  ref: 'order:1',
  createdAt: 0,
  updatedAt: 0,
  ...o,
});

describe('sameOrder: an order sent again under its client order id', () => {
  const limit = first({});
  const sent = { pair: 'btcusdt', side: 'buy', type: 'limit', price: '98000.00', qty: '0.1' } as const;

  it('is the first order whatever the figures look like', () => {
    expect(sameOrder(limit, sent, PAIR)).toBe(true);
    expect(sameOrder(limit, { ...sent, price: ' 98000', qty: '0.1000' }, PAIR)).toBe(true);
    const byAmount = first({ type: 'market', price: null, qty: null, budget: 10_000_000_000n });
    expect(sameOrder(byAmount, { pair: 'btcusdt', side: 'buy', type: 'market', amount: '100' }, PAIR)).toBe(
      true,
    );
  });

  it('is another order when anything it trades differs', () => {
    for (const other of [
      { ...sent, pair: 'ethusdt' },
      { ...sent, side: 'sell' },
      { ...sent, type: 'market', price: undefined },
      { ...sent, price: '98000.01' },
      { ...sent, qty: '0.2' },
      { ...sent, amount: '9800' },
      { ...sent, price: 'abc' },
    ] as const)
      expect(sameOrder(limit, other, PAIR)).toBe(false);
    const market = first({ type: 'market', price: null });
    // An unreadable price is not the absent one of a market order.
    expect(sameOrder(market, { ...sent, type: 'market', price: 'x' }, PAIR)).toBe(false);
  });
});
