import { describe, expect, it } from 'vitest';
import { run, useFreshCliDatabase } from './cliHarness';

useFreshCliDatabase();

describe('operator CLI: spot', () => {
  it('shows every pair open for spot with its minimum', async () => {
    const { code, out } = await run('spot', 'show');
    expect(code).toBe(0);
    expect(out.split('\n')).toHaveLength(10);
    expect(out).toMatch(/^btcusdt\ton \tmin 5\.00000000$/m);
  });

  it('closes a pair and raises its minimum, with audit rows', async () => {
    expect(await run('spot', 'enable', 'ethusdt', 'off')).toEqual({
      code: 0,
      out: 'ethusdt\toff\tmin 5.00000000',
    });
    expect(await run('spot', 'min', 'ethusdt', '12.5')).toEqual({
      code: 0,
      out: 'ethusdt\toff\tmin 12.50000000',
    });
    expect((await run('spot', 'show')).out).toContain('ethusdt\toff\tmin 12.50000000');
    const audit = (await run('audit')).out;
    expect(audit.match(/spot\.configure\tpair:ethusdt/g)).toHaveLength(2);
  });

  it('refuses bad amounts and unknown pairs, changing nothing', async () => {
    expect(await run('spot', 'min', 'btcusdt', '-1')).toEqual({
      code: 1,
      out: 'refused: minAmount: app.msg.parameter_error (-1)',
    });
    expect(await run('spot', 'min', 'btcusdt', '0.000000001')).toEqual({
      code: 1,
      out: 'refused: minAmount: app.msg.parameter_error (0.000000001)',
    });
    // Past what 64-bit ledger units hold: a slip, which PostgreSQL's column could not even take
    // (a fault, not a refusal), while SQLite kept a minimum no order could reach.
    expect(await run('spot', 'min', 'btcusdt', '92233720368.54775808')).toEqual({
      code: 1,
      out: 'refused: minAmount: app.msg.parameter_error (92233720368.54775808)',
    });
    expect((await run('spot', 'min', 'btcusdt', '92233720368.54775807')).code).toBe(0);
    expect((await run('spot', 'min', 'btcusdt', '5')).code).toBe(0);
    expect((await run('spot', 'enable', 'nopeusdt', 'off')).out).toBe(
      'refused: pair: app.msg.currency_not_exist (nopeusdt)',
    );
    expect((await run('spot', 'enable', 'btcusdt', 'maybe')).code).toBe(2);
    expect((await run('spot', 'show')).out).toContain('btcusdt\ton \tmin 5.00000000');
  });
});
