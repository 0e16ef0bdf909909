import { describe, expect, it } from 'vitest';
import { runShutdown } from '../../server/shutdown';

describe('runShutdown', () => {
  it('attempts every step in order whatever failed before, reports each failure and says not all were done', async () => {
    const ran: string[] = [];
    const failed: Array<[string, string]> = [];
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const done = await runShutdown(
      [
        ['http', async () => void ran.push('http')],
        ['timers', () => void ran.push('timers')],
        [
          'market',
          async () => {
            ran.push('market');
            throw refused;
          },
        ],
        [
          'spot engine',
          () => {
            ran.push('spot engine');
            throw new Error('thread gone');
          },
        ],
        ['database', async () => void ran.push('database')],
      ],
      (name, err) => failed.push([name, (err as Error).message]),
    );
    expect(done).toBe(false);
    expect(ran).toEqual(['http', 'timers', 'market', 'spot engine', 'database']);
    expect(failed).toEqual([
      ['market', 'connect ECONNREFUSED'],
      ['spot engine', 'thread gone'],
    ]);
  });

  it('says all were done when none failed', async () => {
    expect(await runShutdown([['a', () => undefined]], () => undefined)).toBe(true);
  });
});
