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

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cli-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
});

afterEach(() => {
  process.env.DATA_DIR = saved.DATA_DIR;
  if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('operator CLI: config', () => {
  it('shows the seeded config', async () => {
    const { code, out } = await run('config', 'show');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ companyName: 'Nova Exchange', certification: true });
  });

  it('sets a text and a boolean setting', async () => {
    expect((await run('config', 'set', 'companyName', 'Acme Exchange')).out).toBe(
      'companyName = "Acme Exchange"',
    );
    expect((await run('config', 'set', 'certification', 'false')).code).toBe(0);
    expect(JSON.parse((await run('config', 'show')).out)).toMatchObject({
      companyName: 'Acme Exchange',
      certification: false,
    });
  });

  it('refuses an unknown key or a bad value and changes nothing', async () => {
    expect((await run('config', 'set', 'price', '1')).code).toBe(2);
    const bad = await run('config', 'set', 'certification', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('invalid value for certification');
    const lang = await run('config', 'set', 'lang', 'German');
    expect(lang.code).toBe(2);
    expect(JSON.parse((await run('config', 'show')).out)).toMatchObject({
      certification: true,
      lang: 'en-us',
    });
  });

  it('prints usage for an unknown command', async () => {
    const { code, out } = await run('frobnicate');
    expect(code).toBe(2);
    expect(out).toContain('npm run admin -- config show');
  });
});
