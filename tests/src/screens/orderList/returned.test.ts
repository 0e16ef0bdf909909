import { describe, expect, it } from 'vitest';
import { returnedOf, returnedText } from '../../../../src/screens/orderList/returned';
import { PAIRS, order } from '../trade/fixtures';

describe('returnedOf', () => {
  it('gives back the budget a market buy did not spend, once it has ended', () => {
    const buy = order({ type: 'market', price: null, qty: null, amount: '100', filledAmount: '99.87' });
    expect(returnedOf({ ...buy, status: 'app.data.order_completed' })).toEqual({
      value: '0.13',
      coin: 'quote',
    });
    // Resting, what it holds may still trade.
    expect(returnedOf({ ...buy, status: 'app.data.order_pending' })).toBeUndefined();
  });

  it('gives back what a cancelled limit order kept: the quote of a buy, the coins of a sell', () => {
    const part = { status: 'app.data.order_cancelled' as const, qty: '0.50000', filledQty: '0.20000' };
    expect(returnedOf(order({ ...part, side: 'buy', amount: '50000', filledAmount: '19990' }))).toEqual({
      value: '30010',
      coin: 'quote',
    });
    expect(returnedOf(order({ ...part, side: 'sell', amount: '50000', filledAmount: '20010' }))).toEqual({
      value: '0.30000',
      coin: 'base',
    });
  });

  it('says nothing when all of it traded', () => {
    const done = order({
      status: 'app.data.order_completed',
      amount: '100',
      filledAmount: '100',
      side: 'buy',
    });
    expect(returnedOf(done)).toBeUndefined();
  });

  it('reads as money in the quote coin and as a quantity in the base coin', () => {
    const sell = order({
      side: 'sell',
      status: 'app.data.order_cancelled',
      qty: '0.50000',
      filledQty: '0.20000',
    });
    const pair = PAIRS.find((p) => p.symbol === sell.pair);
    expect(returnedText(sell, pair, 'us')).toBe(`0.30000 ${pair!.base}`);
    const buy = order({ side: 'buy', status: 'app.data.order_completed', amount: '100', filledAmount: '99' });
    expect(returnedText(buy, pair, 'de')).toBe(`1,00 ${pair!.quote}`);
  });
});
