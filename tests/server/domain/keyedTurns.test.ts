import { describe, expect, it } from 'vitest';
import { keyedTurns } from '../../../server/domain/keyedTurns';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed turns', () => {
  it('runs work under one key one after another, and other keys beside it', async () => {
    const inTurn = keyedTurns();
    const log: string[] = [];
    const work = (key: string, name: string, ms: number) =>
      inTurn(key, async () => {
        log.push(`${name} start`);
        await later(ms);
        log.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([work('a', 'a1', 30), work('a', 'a2', 1), work('b', 'b1', 5)]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end', 'a1 end', 'a2 start', 'a2 end']);
  });

  it('goes on with the next run under a key after one fails, and hands the failure to its caller', async () => {
    const inTurn = keyedTurns();
    const failed = inTurn('k', () => Promise.reject(new Error('no')));
    const next = inTurn('k', async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
