import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decide,
  expectedProfit,
  isFresh,
  payoutOf,
  pickCycle,
} from '../../../../server/domain/contracts/rules';
import { DEFAULT_CYCLES } from '../../../../server/domain/contracts/defaults';
import type { PairSettings } from '../../../../server/domain/contracts/types';
import { units } from '../../helpers/contracts';
import { throwsWith } from '../../helpers/errors';

const BTC: PairSettings = {
  pair: 'btcusdt',
  name: 'BTC/USDT',
  asset: 'USDT',
  enabled: true,
  cycles: [...DEFAULT_CYCLES],
};

describe('contract rules', () => {
  it('compares recorded prices exactly, whatever their number of decimals', () => {
    expect(compareDecimals('100.00', '100')).toBe(0);
    expect(compareDecimals('100.01', '100.001')).toBe(1);
    expect(compareDecimals('0.00001', '0.00002')).toBe(-1);
  });

  it('decides from the two prices only: up on a rise, down on a fall, tie, void', () => {
    expect(decide('up', '100.00', '100.01')).toBe('win');
    expect(decide('up', '100.00', '99.99')).toBe('loss');
    expect(decide('down', '100.00', '99.99')).toBe('win');
    expect(decide('down', '100.00', '100.01')).toBe('loss');
    expect(decide('up', '100.00', '100.00')).toBe('tie');
    expect(decide('down', '100.00', null)).toBe('void');
  });

  it('pays amount × (1 + rate) on a win, the amount on a tie or void, nothing on a loss', () => {
    expect(payoutOf(units('100'), 8000, 'win')).toBe(units('180'));
    expect(payoutOf(units('100'), 8000, 'tie')).toBe(units('100'));
    expect(payoutOf(units('100'), 8000, 'void')).toBe(units('100'));
    expect(payoutOf(units('100'), 8000, 'loss')).toBe(0n);
    // Rounded down to the ledger's unit, never up.
    expect(expectedProfit(1n, 8800)).toBe(0n);
    expect(expectedProfit(units('10.00000001'), 8800)).toBe(units('8.8'));
  });

  it('an up and a down contract on the same prices: one wins and one loses, or both tie', () => {
    const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2));
    fc.assert(
      fc.property(price, price, (open, close) => {
        const up = decide('up', open, close);
        const down = decide('down', open, close);
        if (open === close) expect([up, down]).toEqual(['tie', 'tie']);
        else expect([up, down].sort()).toEqual(['loss', 'win']);
      }),
    );
  });

  it('checks the switch, the cycle, the rate and the limits in that order', () => {
    const ask = (minutes: number, amount: string, rateBp = 8000) => ({
      minutes,
      rateBp,
      amount: units(amount),
    });
    throwsWith(() => pickCycle({ ...BTC, enabled: false }, ask(1, '100')), 'features_not_enabled');
    throwsWith(() => pickCycle(BTC, ask(2, '100')), 'cycle_not_exist');
    throwsWith(() => pickCycle(BTC, ask(1, '100', 1000)), 'rate_changed');
    throwsWith(() => pickCycle(BTC, ask(1, '5', 8500)), 'rate_changed');
    throwsWith(() => pickCycle(BTC, ask(1, '50000.00000001')), 'investment_exceeds_limit');
    throwsWith(() => pickCycle(BTC, ask(1, '9.99999999')), 'outside_limit');
    expect(pickCycle(BTC, ask(15, '10', 9000)).rateBp).toBe(9000);
    expect(pickCycle(BTC, ask(1, '50000')).minutes).toBe(1);
  });

  it('refuses with the figures in force now: the rate, or the limits', () => {
    const at = (minutes: number, amount: string) => ({ minutes, rateBp: 8000, amount: units(amount) });
    expect(throwsWith(() => pickCycle(BTC, at(5, '100')), 'rate_changed').data).toEqual({ rate: '88.00' });
    const limits = { min: '10', max: '50000' };
    expect(throwsWith(() => pickCycle(BTC, at(1, '9.99')), 'outside_limit').data).toEqual(limits);
    expect(throwsWith(() => pickCycle(BTC, at(1, '60000')), 'investment_exceeds_limit').data).toEqual(limits);
  });

  it('takes a tick as fresh up to the bound, never one from after the moment', () => {
    const tick = { id: 1, ts: 1000, price: '1', source: 's' };
    expect(isFresh(tick, 11_000, 10_000)).toBe(true);
    expect(isFresh(tick, 11_001, 10_000)).toBe(false);
    expect(isFresh(tick, 999, 10_000)).toBe(false);
    expect(isFresh(undefined, 1000, 10_000)).toBe(false);
  });
});
