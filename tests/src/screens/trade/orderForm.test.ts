import { describe, expect, it } from 'vitest';
import type { PairInfo } from '../../../../protocol/market';
import { formProblem, toRequest, type OrderFormState } from '../../../../src/screens/trade/orderForm';

const limit = (price: string, qty: string): OrderFormState => ({
  side: 'buy',
  type: 'limit',
  price,
  qty,
  amount: '',
});

describe('the order as sent', () => {
  it('writes each figure as the server reads a decimal, however it was typed', () => {
    for (const [typed, sent] of [
      ['.5', '0.5'],
      ['12.', '12'],
      ['00.5', '0.5'],
      ['007', '7'],
      ['0', '0'],
      ['0.05', '0.05'],
      ['100', '100'],
    ])
      expect(toRequest(limit('98000', typed), 'btcusdt', 'k')).toMatchObject({ qty: sent, price: '98000' });
  });
});

const BTC: PairInfo = {
  symbol: 'btcusdt',
  name: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  qtyPrecision: 4,
};

describe('the order checked before it is sent', () => {
  const problem = (state: OrderFormState) => formProblem(state, BTC, undefined, undefined, '98000')?.message;

  it('asks for the size left empty by the field the order is sized by, and calls one that is not a positive figure invalid', () => {
    expect(problem(limit('98000', ''))).toBe('app.msg.quantity_required');
    expect(problem({ side: 'buy', type: 'market', price: '', qty: '', amount: ' ' })).toBe(
      'app.msg.amount_required',
    );
    expect(problem({ side: 'sell', type: 'market', price: '', qty: '', amount: '' })).toBe(
      'app.msg.quantity_required',
    );
    expect(problem(limit('98000', '0'))).toBe('app.msg.amount_invalid');
    expect(problem(limit('98000', '0.5'))).toBeUndefined();
  });

  it('says a balance of nothing is too little, not that the 0 a share of it filled in is invalid', () => {
    // A reader with no BTC who taps 100 % on the sell side gets a quantity of 0.
    const sellAll = { side: 'sell' as const, type: 'market' as const, price: '', qty: '0', amount: '' };
    expect(formProblem(sellAll, BTC, undefined, '0', '98000')).toEqual({
      message: 'app.msg.insufficient_balance',
    });
    expect(formProblem(limit('98000', '0'), BTC, undefined, '0', undefined)?.message).toBe(
      'app.msg.insufficient_balance',
    );
    // With something to spend, 0 is still no quantity to trade.
    expect(formProblem(sellAll, BTC, undefined, '0.5', '98000')?.message).toBe('app.msg.amount_invalid');
  });

  it('asks for a limit order’s price before its size', () => {
    expect(problem(limit('', ''))).toBe('app.msg.price_required');
  });
});
