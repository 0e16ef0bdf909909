import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './helpers/browser';
import { adminCli } from './helpers/operator';
import { buildWebApp, startServer, type RunningServer } from './helpers/server';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const DEMO_PASSWORD = 'Stake2026demo';
/** Where to save screenshots of the screens, when set (for a person to look at). */
const SHOTS = process.env.E2E_SCREENSHOTS;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let webRoot: string;

beforeAll(async () => {
  webRoot = buildWebApp();
  // The staking test clock is on for this server (and for the CLI below) only.
  server = await startServer(webRoot, { DEMO_PASSWORD, DEFI_TEST_CLOCK: 'true' });
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  await context.addInitScript(() => {
    localStorage.setItem('notShownToday', 'true');
    localStorage.setItem('lastDate', String(new Date().getDate()));
  });
  page = await context.newPage();
});

afterAll(async () => {
  delete process.env.DEFI_TEST_CLOCK;
  await browser?.close();
  await server?.stop();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const balances = () =>
  page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('user') ?? '{}').token as string;
    const res = await fetch('/api/assets/balances', { headers: { token } });
    const body = (await res.json()) as { data: Array<{ asset: string; available: string; frozen: string }> };
    return body.data.find((b) => b.asset === 'USDT');
  });

const accrue = (days: number) => adminCli(server.dataDir, 'defi', 'accrue', '--days', String(days));

describe('staking in a real browser', () => {
  it('logs in and lists the products with their terms', async () => {
    await page.goto('/defi');
    await page.waitForURL('**/login?redirect=%2Fdefi');
    await page.getByLabel(en.login.account).fill('demotrader');
    await page.getByLabel(en.form.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL('**/defi');
    const card = page.getByRole('article', { name: 'USDT Saver 7' });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('7.30%');
    expect(await card.innerText()).toContain('1,000,000.00 USDT');
    await shot('defi');
  });

  it('sees the projected earnings, confirms and finds the pledge earning', async () => {
    await page.getByRole('link', { name: en.defi.pledgeProduct.replace('{{name}}', 'USDT Saver 7') }).click();
    await page.waitForURL('**/defi/detail?id=*');
    await page.getByLabel(en.defi.amount.replace('{{asset}}', 'USDT')).fill('1000');
    // 1000 × 0.02 % = 0.2 a day, 1.4 over the 7 days.
    const projection = page.locator('.defi-projection');
    await expect.poll(() => projection.innerText()).toContain('0.20 USDT');
    expect(await projection.innerText()).toContain('1.40 USDT');
    await shot('defi-detail');
    await page.getByRole('button', { name: en.defi.pledgeNow }).click();
    const dialog = page.getByRole('dialog', { name: en.defi.confirmTitle });
    await dialog.getByRole('button', { name: en.defi.confirm }).click();
    await page.waitForURL('**/defi/pledgeRecord');
    await page.getByText(en.defi.daysOf.replace('{{paid}}', '0').replace('{{days}}', '7')).waitFor();
    expect(await balances()).toEqual({ asset: 'USDT', available: '9000.00000000', frozen: '1000.00000000' });
  });

  it('refuses to move the staking clock outside test mode', async () => {
    delete process.env.DEFI_TEST_CLOCK;
    const refused = await accrue(1).then(
      () => null,
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    expect(refused).toContain('exists only in test mode');
  });

  it('releases a day of income when the test clock moves, into the records and the wallet', async () => {
    process.env.DEFI_TEST_CLOCK = 'true';
    expect(await accrue(1)).toContain('released 1 day(s) of income');
    // Run again at the same moment: nothing is paid twice.
    expect(await adminCli(server.dataDir, 'defi', 'accrue')).toContain('released 0 day(s)');
    await page.goto('/defi/incomeRecord');
    await page.getByText('+0.20 USDT').waitFor();
    expect(await page.locator('.defi-income__row').count()).toBe(1);
    await shot('defi-income');
    await page.goto('/defi/pledgeRecord');
    await page.getByText(en.defi.daysOf.replace('{{paid}}', '1').replace('{{days}}', '7')).waitFor();
    await shot('defi-pledge-record');
    expect(await balances()).toEqual({ asset: 'USDT', available: '9000.20000000', frozen: '1000.00000000' });
  });

  it('returns the principal at maturity and shows the pledge settled', async () => {
    expect(await accrue(6)).toContain('released 6 day(s) of income, settled 1');
    expect(await balances()).toEqual({ asset: 'USDT', available: '10001.40000000', frozen: '0.00000000' });
    await page.goto('/defi/pledgeRecord');
    await page.getByRole('tab', { name: en.app.data.pledge_settled }).click();
    await page.getByText(en.defi.daysOf.replace('{{paid}}', '7').replace('{{days}}', '7')).waitFor();
    await page.goto('/defi/incomeRecord');
    await expect.poll(() => page.locator('.defi-income__row').count()).toBe(7);
    await page.goto('/defi');
    const summary = page.getByLabel(en.defi.earningsOf.replace('{{asset}}', 'USDT'));
    await expect.poll(() => summary.innerText()).toContain('1.40 USDT');
  });

  it('shows the help centre, a notice and the service thread', async () => {
    await page.goto('/help');
    await page.getByRole('link', { name: 'How staking works' }).click();
    await page.getByRole('heading', { name: 'How staking works', level: 2 }).waitFor();
    await shot('help-detail');
    await page.goto('/notice');
    await page.locator('.link-list__item').first().click();
    await page.waitForURL('**/noticeDetail?id=*');
    await page.locator('.document__title').waitFor();
    await page.goto('/service');
    await page.getByLabel(en.service.message).fill('Hello, when is my income paid?');
    await page.getByRole('button', { name: en.service.send }).click();
    await page.getByText('Hello, when is my income paid?').waitFor();
    expect(await adminCli(server.dataDir, 'service', 'threads')).toContain('WAITING');
    await shot('service');
  });
});
