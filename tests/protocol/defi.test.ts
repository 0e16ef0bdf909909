import { describe, expect, it } from 'vitest';
import { adminUpdateProductSchema } from '../../protocol/defi';

describe('a staking product’s terms as an operator sets them', () => {
  it('takes a daily yield up to 10 % at six places, and refuses more', () => {
    const yieldOf = (dailyYield: string) => adminUpdateProductSchema.safeParse({ id: 1, dailyYield });
    for (const ok of ['10', '10.000000', '0.000001', '0.5']) expect(yieldOf(ok).success).toBe(true);
    for (const bad of ['10.000001', '50', '0.0000001', '-1', '1e1'])
      expect(yieldOf(bad).error?.issues[0]?.message).toBe('app.msg.parameter_error');
  });
});
