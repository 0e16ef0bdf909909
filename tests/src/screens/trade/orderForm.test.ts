import { describe, expect, it } from 'vitest';
import { toRequest, type OrderFormState } from '../../../../src/screens/trade/orderForm';

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
