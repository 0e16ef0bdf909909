import { describe, expect, it } from 'vitest';
import { outageLog } from '../../../server/db/outageLog';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

const recorder = () => {
  const lines: Array<{ level: 'warn' | 'error'; obj: Record<string, unknown>; msg: string }> = [];
  return {
    lines,
    log: {
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj: obj as never, msg }),
      error: (obj: object, msg: string) => lines.push({ level: 'error', obj: obj as never, msg }),
    },
  };
};

describe('outageLog', () => {
  it('says an unreachable database once per interval, as a warning without a stack, with what it left out', () => {
    let now = 0;
    const { lines, log } = recorder();
    const report = outageLog(log, { everyMs: 5000, now: () => now });
    for (let i = 0; i < 125; i++) {
      expect(report(refused(), i % 2 ? 'GET /api/index/config' : 'journal tail')).toBe(true);
      now += 120; // 125 failures in 15 s, as the audit counted
    }
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'warn']);
    expect(lines[0]).toEqual({
      level: 'warn',
      msg: 'database unreachable',
      obj: { reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1', where: 'journal tail' },
    });
    expect(lines[1]!.obj).toMatchObject({
      alsoFailed: 41,
      alsoWhere: ['GET /api/index/config', 'journal tail'],
    });
    expect(JSON.stringify(lines)).not.toContain('at ');
  });

  it('logs anything else as an error with the failure itself, every time, with the fields given', () => {
    const { lines, log } = recorder();
    const report = outageLog(log, { now: () => 0 });
    const fault = new TypeError('x is undefined');
    expect(report(fault, 'staking accrual', { pledgeId: 4 })).toBe(false);
    expect(report(fault, 'staking accrual', { pledgeId: 5 })).toBe(false);
    expect(lines).toEqual([
      { level: 'error', obj: { pledgeId: 4, err: fault }, msg: 'staking accrual' },
      { level: 'error', obj: { pledgeId: 5, err: fault }, msg: 'staking accrual' },
    ]);
  });
});
