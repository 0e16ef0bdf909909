import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../../../protocol/market';
import { valueBalances } from '../../../../src/screens/wallet/valuation';

describe('wallet valuation', () => {
  it('keeps every digit of a large balance and its value, however many there are', () => {
    const tickers = new Map([['btcusdt', { pair: 'btcusdt', last: '97000.13' } as Ticker]]);
    const { rows, totalUsdt } = valueBalances(
      [
        { asset: 'USDT', available: '123456789012345.12345678', frozen: '0.00000001' },
        { asset: 'BTC', available: '1234567.12345678', frozen: '0' },
      ],
      tickers,
    );
    expect(rows[0]!.total).toBe('123456789012345.12345679');
    // 1234567.12345678 × 97000.13 = 119753171469.0337093814 exactly, rounded down to the cent.
    expect(rows[1]!.valueUsdt).toBe('119753171469.03');
    expect(totalUsdt).toBe('123576542183814.15');
  });
});
