import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './helpers/browser';
import { adminCli, captchaAnswer, watchCaptchas } from './helpers/operator';
import { buildWebApp, startServer, type RunningServer } from './helpers/server';
import { PNG, idNumber } from './helpers/documents';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let webRoot: string;

beforeAll(async () => {
  webRoot = buildWebApp();
  server = await startServer(webRoot);
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  // The welcome pop-up is covered by the smoke test; here it would only stand in the way.
  await context.addInitScript(() => {
    localStorage.setItem('notShownToday', 'true');
    localStorage.setItem('lastDate', String(new Date().getDate()));
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

const user = { username: 'journey_01', email: 'journey@example.com', password: 'Trade2026' };

describe('a new user, from sign-up to passing the verification gate', () => {
  it('registers with a captcha', async () => {
    const captchas = watchCaptchas(page);
    await page.goto('/register');
    await page.getByLabel(en.register.username).fill(user.username);
    await page.getByLabel(en.register.email).fill(user.email);
    await page.getByLabel(en.form.password, { exact: true }).fill(user.password);
    await page.getByLabel(en.form.confirmPassword).fill(user.password);
    await page
      .getByLabel(en.form.captcha, { exact: true })
      .fill(captchaAnswer(server.dataDir, await captchas.current()));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: en.register.submit }).click();
    await page.waitForURL('**/home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.userinfo).toMatchObject({ username: user.username, certification: null });
  });

  it('logs out and logs in again, staying logged in across a reload', async () => {
    await page.goto('/user');
    await page.getByRole('button', { name: en.user.logout }).click();
    await page.waitForURL('**/home');
    await page.goto('/assets');
    await page.waitForURL('**/login?redirect=%2Fassets');
    await page.getByLabel(en.login.account).fill(user.email);
    await page.getByLabel(en.form.password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: en.login.submit }).click();
    // The gate it was sent back to asks for verification, since this user has none yet.
    await page.waitForURL('**/authentication');
    await page.reload();
    await page.getByRole('heading', { name: en.route.authentication, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/authentication');
  });

  it('is sent from /trade to verification and submits an ID card with both sides', async () => {
    await page.goto('/trade');
    await page.waitForURL('**/authentication');
    await page.getByLabel(en.kyc.name).fill('Wang Xiaoming');
    await page.getByLabel(en.kyc.docNumber).fill(idNumber());
    const uploads = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST');
    let done = uploads();
    await page
      .getByLabel(en.kyc.front)
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    expect((await (await done).json()).code).toBe(1);
    done = uploads();
    await page
      .getByLabel(en.kyc.back)
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    expect((await (await done).json()).code).toBe(1);
    await page.getByRole('button', { name: en.kyc.submit }).click();
    await page.getByRole('heading', { name: en.kyc.review.title }).waitFor();
  });

  it('is kept out of /trade with an alert while under review', async () => {
    await page.goto('/market');
    await page.getByRole('link', { name: en.tab.trade }).click();
    await page.getByRole('dialog').getByText(en.gate.review).waitFor();
    expect(new URL(page.url()).pathname).toBe('/market');
    await page.getByRole('dialog').getByRole('button').click();
  });

  it('passes the gate once an operator approves on the command line', async () => {
    const list = await adminCli(server.dataDir, 'verifications', 'list');
    const id = /#(\d+) pending user \d+ \(journey_01\)/.exec(list)?.[1];
    expect(id, list).toBeDefined();
    expect(await adminCli(server.dataDir, 'verifications', 'approve', id!)).toContain('approved');
    await page.getByRole('link', { name: en.tab.trade }).click();
    await page.waitForURL('**/trade');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.userinfo.certification).toBe(2);
  });
});
