import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REFUSED_URL } from '../helpers/silentServer';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

describe('operator command line with the database out of reach', () => {
  it('says so in a line and exits 1, without a stack or the password', async () => {
    const url = new URL(REFUSED_URL);
    url.password = 'secret-pw';
    const failed = await run(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', 'config', 'show'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' },
    }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toMatch(/^Cannot reach the database: ECONNREFUSED/);
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
    expect(failed?.stderr).not.toContain('secret-pw');
  }, 30_000);
});
