import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';

const root = path.resolve(__dirname, '../../..');
const run = promisify(execFile);

/** The operator command line against a running test server's data directory. */
export const adminCli = async (dataDir: string, ...args: string[]): Promise<string> => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  return stdout;
};

/** The answer to the captcha the page is showing: what a person reads off the picture, read here
 * from the server's store (the picture is noise by design). */
export const captchaAnswer = (dataDir: string, captchaId: string): string => {
  const db = new SQLite(path.join(dataDir, 'exchange.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select answer from captchas where id = ?').get(captchaId) as
      { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${captchaId}`);
    return row.answer;
  } finally {
    db.close();
  }
};

/** Follows the captchas a page loads; `current()` is the one on screen once the page has settled. */
export const watchCaptchas = (page: Page) => {
  let latest: string | null = null;
  page.on('response', async (r) => {
    if (!r.url().endsWith('/api/user/captcha')) return;
    latest = ((await r.json()) as { data: { id: string } }).data.id;
  });
  return {
    current: async () => {
      await page.waitForLoadState('networkidle');
      if (!latest) throw new Error('the page has shown no captcha');
      return latest;
    },
  };
};
