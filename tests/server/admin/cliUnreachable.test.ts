import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REFUSED_URL } from '../helpers/silentServer';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** The CLI's failure, run with `env` on top of this process's environment (none when it succeeds). */
const failure = (env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', 'config', 'show'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  }).then(
    () => undefined,
    (err: { code: number; stderr: string }) => err,
  );

describe('operator command line with the database out of reach', () => {
  it('says so in a line and exits 1, without a stack or the password', async () => {
    const url = new URL(REFUSED_URL);
    url.password = 'secret-pw';
    const failed = await failure({ DATABASE_URL: url.toString() });
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toMatch(/^Cannot reach the database: ECONNREFUSED/);
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
    expect(failed?.stderr).not.toContain('secret-pw');
  }, 30_000);

  it.each([
    ['names a file', (dir: string) => fs.writeFileSync(path.join(dir, 'data'), 'x'), 'EEXIST'],
    [
      'holds no database',
      (dir: string) => {
        fs.mkdirSync(path.join(dir, 'data'));
        fs.writeFileSync(path.join(dir, 'data', 'exchange.db'), 'not a database');
      },
      'SQLITE_NOTADB',
    ],
  ])(
    'says a DATA_DIR that %s in a line naming it, and exits 1 without a stack',
    async (_, make, reason) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cli-bad-'));
      try {
        make(dir);
        const failed = await failure({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
        expect(failed?.code).toBe(1);
        expect(failed?.stderr.trim()).toMatch(
          new RegExp(
            `^Cannot open the database: DATA_DIR \\(${path.join(dir, 'data')}/exchange\\.db\\): ${reason}`,
          ),
        );
        expect(failed?.stderr).not.toMatch(/\n\s+at /);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
