import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, phoneContext, skipPopupsToday } from './browser';
import { buildWeb } from '../../../bench/buildWeb';
import { startServer, type RunningServer } from './server';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../locales/us.json'), 'utf8'));

interface PhoneSession {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * What a browser test file runs against, set up before its first test and taken down after its
 * last: the web app built afresh, the real server on a fresh database (`env` on top of the test
 * defaults) and one phone-sized page. The notice pop-up is hidden for the day, as a returning user
 * has it, unless `notice` is set: it would stand in front of every screen, and the smoke test
 * covers it.
 */
export const phoneSession = (env: Record<string, string> = {}, { notice = false } = {}): PhoneSession => {
  const session = {} as PhoneSession;
  let webRoot: string | undefined;
  beforeAll(async () => {
    webRoot = buildWeb();
    session.server = await startServer(webRoot, env);
    session.browser = await launchBrowser();
    session.context = await phoneContext(session.browser, session.server.url);
    if (!notice) await skipPopupsToday(session.context);
    session.page = await session.context.newPage();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
    if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
  });
  return session;
};

/** Fills in and sends the login form (English) the page is on. */
export const logIn = async (page: Page, account: string, password: string) => {
  await page.getByLabel(en.login.account).fill(account);
  await page.getByLabel(en.form.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.login.submit }).click();
};
