import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './helpers/browser';
import { buildWebApp, startServer, type RunningServer } from './helpers/server';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const SHOTS = process.env.SPOT_SCREENSHOTS;
const DEMO_PASSWORD = 'Demo2026trade';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let webRoot: string;

beforeAll(async () => {
  webRoot = buildWebApp();
  // The demo trader (verified, funded on first start) with a password the test knows.
  server = await startServer(webRoot, { DEMO_PASSWORD });
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
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

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

describe('the demo trader on /trade', () => {
  it('logs in and sees the engine\u2019s book with the house quotes', async () => {
    await page.goto('/trade');
    await page.waitForURL('**/login?redirect=%2Ftrade');
    await page.getByLabel(en.login.account).fill('demotrader');
    await page.getByLabel(en.form.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL('**/trade');
    await page.getByTestId('book-asks').locator('li').first().waitFor();
    await expect.poll(() => page.getByTestId('book-bids').locator('li').count()).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.getByTestId('available').textContent()).toContain('10,000');
    await shot('trade');
  });

  it('places a limit buy below the market, which rests in the open orders', async () => {
    const last = Number((await page.getByTestId('trade-last').textContent())!.replace(/,/g, ''));
    const price = (Math.floor(last * 0.97 * 100) / 100).toFixed(2);
    await page.getByLabel(en.trade.price.replace('{{coin}}', 'USDT')).fill(price);
    await page.getByLabel(en.trade.qty.replace('{{coin}}', 'BTC')).fill('0.01');
    await page.getByRole('button', { name: en.trade.buyCoin.replace('{{coin}}', 'BTC') }).click();
    await page.getByTestId('open-order').first().waitFor();
    expect(await page.getByTestId('open-order').count()).toBe(1);
  });

  it('buys at market for an amount, filled at once against the house', async () => {
    await page.getByRole('button', { name: en.trade.market, exact: true }).click();
    await page.getByLabel(en.trade.amount.replace('{{coin}}', 'USDT')).fill('100');
    await page.getByRole('button', { name: en.trade.buyCoin.replace('{{coin}}', 'BTC') }).click();
    // The fill shows as a print in the recent trades.
    await page.getByRole('tab', { name: en.trade.trades }).click();
    await page.getByTestId('trade-list').locator('tbody tr').first().waitFor();
    await shot('trade-filled');
  });

  it('finds both orders in /orderList, the market one completed with its fills', async () => {
    await page.getByRole('link', { name: en.trade.allOrders }).click();
    await page.waitForURL('**/orderList');
    await page.getByRole('tab', { name: en.orders.tabs.all }).click();
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.nth(0).textContent()).toContain(en.app.data.order_completed);
    expect(await cards.nth(1).textContent()).toContain(en.app.data.order_pending);
    await shot('order-list');
    await cards.nth(0).click();
    const detail = page.getByTestId('order-detail');
    await detail.getByText(en.orders.fills).waitFor();
    await detail.locator('tbody tr').first().waitFor();
    await shot('order-detail');
  });
});
