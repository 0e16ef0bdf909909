import { describe, expect, it } from 'vitest';
import { run, useFreshCliDatabase } from './cliHarness';

useFreshCliDatabase();

describe('operator CLI: contracts', () => {
  it('shows the seeded cycles of every pair', async () => {
    const { code, out } = await run('contracts', 'show');
    expect(code).toBe(0);
    expect(out).toContain('btcusdt\ton \t1m 80.00% 10-50000 USDT, 3m 85.00% 10-50000 USDT, 5m 88.00%');
    expect(out.split('\n')).toHaveLength(10);
  });

  it('switches a pair off and replaces its cycles, with an audit row', async () => {
    expect((await run('contracts', 'enable', 'solusdt', 'off')).out).toMatch(/^solusdt\toff/);
    const set = await run('contracts', 'cycles', 'btcusdt', '2:82.5:5:100', '30:95:10:1000');
    expect(set).toEqual({ code: 0, out: 'btcusdt\ton \t2m 82.50% 5-100 USDT, 30m 95.00% 10-1000 USDT' });
    expect((await run('audit')).out).toContain('contract.configure\tpair:btcusdt');
  });

  it('refuses malformed settings and unknown pairs', async () => {
    // A minimum above the maximum.
    expect(await run('contracts', 'cycles', 'btcusdt', '1:80:100:10')).toEqual({
      code: 1,
      out: 'refused: cycles: app.msg.parameter_error',
    });
    expect((await run('contracts', 'cycles', 'btcusdt', '1-80')).code).toBe(2);
    const zero = await run('contracts', 'cycles', 'btcusdt', '0:80:10:50000');
    expect(zero.code).toBe(2);
    expect(zero.out).toContain('(cycles.0.minutes: ');
    expect((await run('contracts', 'enable', 'nopeusdt', 'on')).out).toBe(
      'refused: pair: app.msg.currency_not_exist (nopeusdt)',
    );
    expect((await run('contracts', 'settle', '1', 'win')).code).toBe(2);
  });
});
