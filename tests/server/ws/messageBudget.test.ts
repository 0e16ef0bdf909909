import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MessageBudget } from '../../../server/ws/messageBudget';

describe('a socket’s message budget', () => {
  it('allows a burst at once, then one message for each refill', () => {
    const budget = new MessageBudget(3, 2, 0);
    expect([1, 2, 3, 4].map(() => budget.spend(1, 0))).toEqual([true, true, true, false]);
    expect(budget.spend(1, 400)).toBe(false);
    expect(budget.spend(1, 500)).toBe(true);
    expect(budget.spend(1, 500)).toBe(false);
  });

  it('never holds more than its burst, however long it waits', () => {
    const budget = new MessageBudget(3, 2, 0);
    expect(budget.spend(3, 3_600_000)).toBe(true);
    expect(budget.spend(1, 3_600_000)).toBe(false);
  });

  it('takes nothing for a message it refuses', () => {
    const budget = new MessageBudget(10, 1, 0);
    expect(budget.spend(8, 0)).toBe(true);
    expect(budget.spend(5, 0)).toBe(false);
    expect(budget.spend(2, 0)).toBe(true);
  });

  it('lets through no more than the burst plus the refill over any stretch of time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 12 })), {
          maxLength: 200,
        }),
        (burst, perSecond, steps) => {
          const budget = new MessageBudget(burst, perSecond, 0);
          let now = 0;
          let spent = 0;
          for (const [wait, cost] of steps) {
            now += wait;
            if (budget.spend(cost, now)) spent += cost;
          }
          return spent <= burst + (now / 1000) * perSecond + 1e-9;
        },
      ),
    );
  });
});
