import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/admin/cli';

let dataDir: string;
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
};

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cli-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  await run('migrate');
});

afterEach(() => {
  process.env.DATA_DIR = saved.DATA_DIR;
  if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
      out: 'refused: app.msg.parameter_error',
    });
    expect(await run('spot', 'min', 'btcusdt', '0.000000001')).toEqual({
      code: 1,
      out: 'refused: app.msg.parameter_error',
    });
    expect((await run('spot', 'enable', 'nopeusdt', 'off')).out).toBe('refused: app.msg.currency_not_exist');
    expect((await run('spot', 'enable', 'btcusdt', 'maybe')).code).toBe(2);
    expect((await run('spot', 'show')).out).toContain('btcusdt\ton \tmin 5.00000000');
  });
});
