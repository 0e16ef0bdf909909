import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalMove } from '../../../../src/screens/wallet/journalMove';

const ZERO = '0.00000000';

describe('a journal entry as a statement says it', () => {
  it('counts a withdrawal once: frozen, then paid out of the frozen funds with its fee', () => {
    const moves = [
      { availableChange: '-100.50000000', frozenChange: '100.50000000' },
      { availableChange: ZERO, frozenChange: '-99.50000000' },
      { availableChange: ZERO, frozenChange: '-1.00000000' },
    ].map(journalMove);
    expect(moves).toEqual([
      { kind: 'frozen', amount: '100.5' },
      { kind: 'out', amount: '-99.5' },
      { kind: 'out', amount: '-1' },
    ]);
  });

  it('says what an order gave back of its freeze, and money in as in', () => {
    expect(journalMove({ availableChange: '0.00750750', frozenChange: '-0.00750750' })).toEqual({
      kind: 'released',
      amount: '0.0075075',
    });
    expect(journalMove({ availableChange: '1234.56789100', frozenChange: ZERO })).toEqual({
      kind: 'in',
      amount: '1234.567891',
    });
  });

  it('keeps every digit of an entry past 20 significant ones, as the ledger holds it', () => {
    // decimal.js rounds sums to 20 significant digits by default: this read +12345678901234.123457.
    expect(journalMove({ availableChange: '12345678901234.12345678', frozenChange: ZERO })).toEqual({
      kind: 'in',
      amount: '12345678901234.12345678',
    });
    expect(journalMove({ availableChange: ZERO, frozenChange: '-99999999999999.99999999' })).toEqual({
      kind: 'out',
      amount: '-99999999999999.99999999',
    });
  });

  it('adds up, over any entries, to the change of the whole balance', () => {
    const amount = fc
      .bigInt({ min: -(10n ** 14n), max: 10n ** 14n })
      .map((units) => new Decimal(units.toString()).div(1e8).toFixed(8));
    fc.assert(
      fc.property(fc.array(fc.record({ availableChange: amount, frozenChange: amount })), (entries) => {
        const shown = entries
          .map(journalMove)
          .filter((m) => m.kind === 'in' || m.kind === 'out')
          .reduce((sum, m) => sum.plus(m.amount), new Decimal(0));
        const whole = entries.reduce(
          (sum, e) => sum.plus(e.availableChange).plus(e.frozenChange),
          new Decimal(0),
        );
        expect(shown.toFixed()).toBe(whole.toFixed());
      }),
    );
  });
});
