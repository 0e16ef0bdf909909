import { describe, expect, it, vi } from 'vitest';
import { demoWatcher, type Timers } from '../../../../server/domain/wallet/watcher';
import type { DepositRecord } from '../../../../server/domain/wallet/types';

const fakeTimers = () => {
  const due: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const timers: Timers = {
    set: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      due.push(t);
      return t;
    },
    clear: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
  };
  return { timers, fire: () => due.filter((t) => !t.cleared).forEach((t) => t.fn()), due };
};

const deposit = { id: 7 } as DepositRecord;

describe('the demo chain watcher', () => {
  it('sees the demo account’s deposits at once and confirms them after the delay', async () => {
    const settler = { markConfirming: vi.fn(async () => undefined), confirm: vi.fn(async () => undefined) };
    const { timers, fire, due } = fakeTimers();
    const w = demoWatcher({
      settler,
      demoUsername: 'demotrader',
      delayMs: 5000,
      onError: () => undefined,
      timers,
    });
    w.watch(deposit, 'demotrader');
    expect(settler.markConfirming).toHaveBeenCalledWith(7);
    expect(settler.confirm).not.toHaveBeenCalled();
    expect(due[0]!.ms).toBe(5000);
    fire();
    expect(settler.confirm).toHaveBeenCalledWith(7);
  });

  it('leaves everyone else’s deposits to the operator, and forgets its timers when stopped', () => {
    const settler = { markConfirming: vi.fn(async () => undefined), confirm: vi.fn(async () => undefined) };
    const { timers, fire } = fakeTimers();
    const w = demoWatcher({
      settler,
      demoUsername: 'demotrader',
      delayMs: 5000,
      onError: () => undefined,
      timers,
    });
    w.watch(deposit, 'someone');
    w.watch({ ...deposit, id: 8 }, 'demotrader');
    w.stop();
    fire();
    expect(settler.markConfirming).toHaveBeenCalledTimes(1);
    expect(settler.confirm).not.toHaveBeenCalled();
  });

  it('reports a failed confirmation instead of throwing', async () => {
    const err = new Error('db down');
    const onError = vi.fn();
    const settler = {
      markConfirming: vi.fn(async () => undefined),
      confirm: vi.fn(async () => Promise.reject(err)),
    };
    const { timers, fire } = fakeTimers();
    demoWatcher({ settler, demoUsername: 'demotrader', delayMs: 1, onError, timers }).watch(
      deposit,
      'demotrader',
    );
    fire();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(err));
  });
});
