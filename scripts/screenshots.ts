import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildWeb } from '../bench/buildWeb';
import { startServerProcess } from '../bench/serverProcess';
import { launchBrowser, phoneContext, skipPopupsToday } from '../tests/e2e/helpers/browser';

/**
 * The README's phone screenshots, taken from the real app: a fresh server on the embedded
 * database with the simulated feed, the demo trader logged in, a 390×844 viewport. Writes
 * docs/screenshots/*.png (English). `npm run screenshots`.
 */
const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'docs/screenshots');
const PASSWORD = 'Screens2026';
const en = JSON.parse(fs.readFileSync(path.join(root, 'locales/us.json'), 'utf8'));

/** Waits until the live figures have arrived (no placeholder dash left in `selector`). */
const settled = async (page: Page, selector: string) => {
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll(sel)].every((el) => !(el.textContent ?? '').includes('—')),
    selector,
    { timeout: 30_000 },
  );
  // Fonts, the chart's first paint and the entrance transitions.
  await page.waitForTimeout(1500);
};

const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
};

const main = async () => {
  const web = buildWeb();
  const server = await startServerProcess({ env: { WEB_ROOT: web, DEMO_PASSWORD: PASSWORD } });
  const browser = await launchBrowser();
  try {
    fs.mkdirSync(OUT, { recursive: true });
    const context = await phoneContext(browser, server.url);
    // The notice pop-up would cover every screen: hidden "for today", as a returning user has it.
    await skipPopupsToday(context);
    const page = await context.newPage();

    await page.goto('/login?redirect=%2Fhome');
    await page.getByLabel(en.login.account).fill('demotrader');
    await page.getByLabel(en.form.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL('**/home');
    await settled(page, '.coin-list__price');
    await shoot(page, 'home');

    await page.goto('/marketDetail?coinPair=btcusdt');
    await page.locator('[data-testid="price-chart"] canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    await shoot(page, 'market-detail');

    await page.goto('/trade?coinPair=btcusdt');
    await page.locator('[data-testid="book-asks"] li').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await shoot(page, 'trade');

    await page.goto('/contract');
    await settled(page, '[data-testid="last-price"]');
    await page.getByRole('button', { name: /^1 min/ }).click();
    await page.getByLabel(en.contract.amount.replace('{{asset}}', 'USDT')).fill('50');
    await page.getByRole('button', { name: en.app.data.contract_up }).click();
    await page.getByRole('dialog').getByTestId('countdown').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    await shoot(page, 'contract-countdown');

    await page.goto('/assets');
    await page.getByTestId('coin-USDT').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    await shoot(page, 'assets');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(web, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
