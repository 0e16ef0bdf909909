import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** The newest verification code the embedded sender wrote for `target`, read off the operator's
 * command line as an operator passes it on (the server sends no mail without SMTP_URL). */
export const sentCode = async (dataDir: string, target: string): Promise<string> => {
  const lines = (await adminCli(dataDir, 'outbox', target)).trim().split('\n');
  const code = /\b(\d{6})\b/.exec(lines[lines.length - 1] ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${target}`);
  return code;
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

/** The captcha the screen shows: the id of the picture on screen (a screen may draw more than
 * one, and a tap draws another), whose answer a person reads off it and `captchaAnswer` reads from
 * the server's store. `newCaptcha` is the picture button's name in the page's language. */
export const watchCaptchas = (page: Page, newCaptcha: string) => {
  const drawn = new Map<string, string>();
  let asked = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user/captcha') asked += 1;
  });
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname !== '/api/user/captcha') return;
    const { data } = (await r.json()) as { data: { id: string; svg: string } };
    drawn.set(`data:image/svg+xml;utf8,${encodeURIComponent(data.svg)}`, data.id);
  });
  const picture = page.getByRole('button', { name: newCaptcha }).locator('img');
  return {
    shown: async () => {
      const current = async () =>
        drawn.size === asked ? drawn.get((await picture.getAttribute('src')) ?? '') : undefined;
      await expect.poll(current).toBeDefined();
      return (await current())!;
    },
  };
};
