import { describe, expect, it } from 'vitest';
import type { PairInfo } from '../../../../protocol/market';
import {
  NO_SIZE,
  formProblem,
  fromPercent,
  toRequest,
  withAmount,
  withPrice,
  withQty,
  type OrderFormState,
} from '../../../../src/screens/trade/orderForm';

const limit = (price: string, qty: string): OrderFormState => ({
  side: 'buy',
  type: 'limit',
  price,
  ...NO_SIZE,
  qty,
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

describe('the figures following the one the reader chose', () => {
  /** The state after a change, as the form applies it. */
  const after = (s: OrderFormState, change: (s: OrderFormState) => Partial<OrderFormState>) => ({
    ...s,
    ...change(s),
  });
  const empty = limit('', '');

  it('follows a quantity typed with the amount at every price, and with none while there is no price', () => {
    const typed = after(empty, (s) => withQty(s, '0.015'));
    expect(typed).toMatchObject({ amount: '', lead: 'qty' });
    const priced = after(typed, (s) => withPrice(s, '97000.13', BTC));
    expect(priced).toMatchObject({ qty: '0.015', amount: '1455.00195' });
    expect(after(priced, (s) => withPrice(s, '', BTC))).toMatchObject({ qty: '0.015', amount: '' });
  });

  it('follows an amount typed with the whole lots it buys at each price, going by the amount typed', () => {
    const typed = after(empty, (s) => withAmount(s, '10', BTC));
    expect(typed).toMatchObject({ qty: '', amount: '10', lead: 'amount', budget: '10' });
    const at97 = after(typed, (s) => withPrice(s, '97000', BTC));
    expect(at97).toMatchObject({ qty: '0.0001', amount: '9.7' });
    // Not 9.7 at 50 000 (0.0001 BTC): the 10 chosen buys 0.0002.
    expect(after(at97, (s) => withPrice(s, '50000', BTC))).toMatchObject({ qty: '0.0002', amount: '10' });
    // Without a price the amount chosen is what shows.
    expect(after(at97, (s) => withPrice(s, '', BTC))).toMatchObject({ qty: '', amount: '10' });
  });

  it('sizes a buy share by the amount it is, and a sell share by the quantity it is', () => {
    const half = after(empty, (s) => fromPercent(50, s, '10000', BTC));
    expect(half).toMatchObject({ qty: '', amount: '5000', lead: 'amount' });
    expect(after(half, (s) => withPrice(s, '97000', BTC))).toMatchObject({ qty: '0.0515', amount: '4995.5' });
    const sell = after({ ...empty, side: 'sell' }, (s) => fromPercent(50, s, '0.12345', BTC));
    expect(sell).toMatchObject({ qty: '0.0617', amount: '', lead: 'qty' });
    expect(after(sell, (s) => withPrice(s, '100000', BTC))).toMatchObject({ qty: '0.0617', amount: '6170' });
  });

  it('leaves the size of a market order alone when the price it keeps changes', () => {
    const buy = { ...empty, type: 'market' as const };
    const spend = after(buy, (s) => fromPercent(25, s, '1000.129', BTC));
    expect(spend).toMatchObject({ amount: '250.03', qty: '', lead: 'amount' });
    expect(withPrice(spend, '97000', BTC)).toEqual({ price: '97000' });
  });
});

describe('the order checked before it is sent', () => {
  const problem = (state: OrderFormState) => formProblem(state, BTC, undefined, undefined, '98000')?.message;

  it('asks for the size left empty by the field the order is sized by, and calls one that is not a positive figure invalid', () => {
    expect(problem(limit('98000', ''))).toBe('app.msg.quantity_required');
    expect(problem({ side: 'buy', type: 'market', price: '', ...NO_SIZE, amount: ' ' })).toBe(
      'app.msg.amount_required',
    );
    expect(problem({ side: 'sell', type: 'market', price: '', ...NO_SIZE })).toBe(
      'app.msg.quantity_required',
    );
    expect(problem(limit('98000', '0'))).toBe('app.msg.amount_invalid');
    expect(problem(limit('98000', '0.5'))).toBeUndefined();
  });

  it('says first of a shown field that its text is no number, as the field says it as it is typed', () => {
    const check = (state: OrderFormState) => formProblem(state, BTC, undefined, undefined, '98000');
    // An amount typed in two notations buys no quantity: what is wrong is the amount, not the
    // quantity it left empty.
    const spend = { ...limit('98000', ''), amount: '1.000,5', lead: 'amount', budget: '1.000,5' } as const;
    expect(check(spend)).toEqual({ message: 'app.msg.amount_invalid', field: 'amount', atField: true });
    expect(check(limit('98.000,5', '0.5'))).toEqual({
      message: 'app.msg.price_invalid',
      field: 'price',
      atField: true,
    });
    // decimal.js would read these; no field means them.
    expect(check(limit('98000', '1e5'))).toEqual({
      message: 'app.msg.amount_invalid',
      field: 'qty',
      atField: true,
    });
    expect(check(limit('0x10', '0.5'))).toEqual({
      message: 'app.msg.price_invalid',
      field: 'price',
      atField: true,
    });
    // A market order keeps the price it does not use: only what is shown is judged.
    expect(check({ ...limit('1,2,3', '0.5'), side: 'sell', type: 'market' })).toBeNull();
  });

  it('refuses a figure pasted finer than its field takes: the amount by the one chosen, not what its lots cost', () => {
    const check = (state: OrderFormState) => formProblem(state, BTC, undefined, undefined, '98000');
    expect(check(limit('98000', '0.12345'))).toEqual({
      message: 'app.msg.decimal_places',
      field: 'qty',
      places: 4,
      atField: true,
    });
    // 0.001 BTC at 98 000.5 costs 98.0005: finer than the amount takes, and no fault of the reader's.
    expect(
      check({ ...limit('98000.5', '0.001'), amount: '98.0005', lead: 'amount', budget: '100' }),
    ).toBeNull();
    const chosen = {
      ...limit('98000.5', '0.001'),
      amount: '98.0005',
      lead: 'amount',
      budget: '100.001',
    } as const;
    expect(check(chosen)).toMatchObject({
      message: 'app.msg.decimal_places',
      field: 'amount',
      atField: false,
    });
  });

  it('says a balance of nothing is too little, not that the 0 a share of it filled in is invalid', () => {
    // A reader with no BTC who taps 100 % on the sell side gets a quantity of 0.
    const sellAll: OrderFormState = { side: 'sell', type: 'market', price: '', ...NO_SIZE, qty: '0' };
    expect(formProblem(sellAll, BTC, undefined, '0', '98000')).toEqual({
      message: 'app.msg.insufficient_balance',
    });
    expect(formProblem(limit('98000', '0'), BTC, undefined, '0', undefined)?.message).toBe(
      'app.msg.insufficient_balance',
    );
    // With something to spend, 0 is still no quantity to trade.
    expect(formProblem(sellAll, BTC, undefined, '0.5', '98000')?.message).toBe('app.msg.amount_invalid');
  });

  it('says dust left by a sale of it all is too little, not that the 0 a share of it filled in is invalid', () => {
    // 0.00000424 BTC is less than the pair's lot of 0.00001: 100 % of it sells a quantity of 0.
    const sellAll: OrderFormState = { side: 'sell', type: 'market', price: '', ...NO_SIZE, qty: '0' };
    expect(formProblem(sellAll, BTC, undefined, '0.00000424', '98000')?.message).toBe(
      'app.msg.insufficient_balance',
    );
    expect(
      formProblem({ ...sellAll, type: 'limit', price: '98000' }, BTC, undefined, '0.00000424', undefined)
        ?.message,
    ).toBe('app.msg.insufficient_balance');
    // A market buy spends to the price's places: 0.004 USDT spends 0.
    const spendAll: OrderFormState = { side: 'buy', type: 'market', price: '', ...NO_SIZE, amount: '0' };
    expect(formProblem(spendAll, BTC, undefined, '0.004', '98000')?.message).toBe(
      'app.msg.insufficient_balance',
    );
    expect(formProblem(spendAll, BTC, undefined, '0.01', '98000')?.message).toBe('app.msg.amount_invalid');
  });

  it('calls an amount chosen that buys no whole lot too small, before the pair’s rules are read too', () => {
    const priced = limit('98000', '');
    const tooSmall = { ...priced, ...withAmount(priced, '5', BTC) };
    expect(tooSmall.qty).toBe('0');
    // One lot, 0.0001 BTC, is the least an order can buy.
    expect(formProblem(tooSmall, BTC, undefined, '100', undefined)).toEqual({
      message: 'app.msg.order_amount_min',
      value: '9.8 USDT',
    });
  });

  it('asks for a limit order’s price before its size', () => {
    expect(problem(limit('', ''))).toBe('app.msg.price_required');
  });
});
