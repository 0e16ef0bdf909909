import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractPairConfig } from '../../../protocol';
import { watchContractSettings } from '../../../server/jobs/contractSettingsWatch';

const pair = (rate: string): ContractPairConfig => ({
  pair: 'btcusdt',
  name: 'BTC/USDT',
  asset: 'USDT',
  enabled: true,
  cycles: [{ minutes: 1, rate, min: '10', max: '50000' }],
});

afterEach(() => vi.useRealTimers());

describe('the contract settings watch', () => {
  it('announces a change once, never the first read or an unchanged one, and goes on after a failed read', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers: Array<ContractPairConfig[] | Error> = [
      [pair('80.00')],
      [pair('80.00')],
      new Error('database is locked'),
      [pair('70.00')],
      [pair('70.00')],
    ];
    const changes: ContractPairConfig[][] = [];
    const errors: unknown[] = [];
    const stop = watchContractSettings({
      read: async () => {
        const next = answers.shift() ?? [pair('70.00')];
        if (next instanceof Error) throw next;
        return next;
      },
      intervalMs: 1000,
      onChange: (pairs) => changes.push(pairs),
      onError: (err) => errors.push(err),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(changes).toEqual([]);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(changes).toEqual([[pair('70.00')]]);
    stop();
  });
});
