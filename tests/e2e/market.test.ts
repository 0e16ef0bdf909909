import fs from 'node:fs';
import path from 'node:path';
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneSession } from './helpers/session';

const english = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));

const session = phoneSession({}, { notice: true });

const lastPrice = () => session.page.locator('.stats__last').innerText();

/** Waits until the shown price differs from `from` (the simulated feed ticks several times a second). */
const priceChangesFrom = async (from: string, timeout = 20_000) => {
  await expect.poll(lastPrice, { timeout, interval: 200 }).not.toBe(from);
};

describe('live market data in a real browser', () => {
  it('shows a moving price, the chart, the book and the trades on /marketDetail, and survives a dropped socket', async () => {
    // The test stands between the page and the server's socket so it can cut it, and refuse new
    // ones, whenever it likes.
    let refuse = false;
    const routes: WebSocketRoute[] = [];
    await session.page.routeWebSocket(/\/ws$/, (ws) => {
      if (refuse) return ws.close();
      routes.push(ws);
      ws.connectToServer();
    });

    await session.page.goto('/marketDetail?coinPair=btcusdt');
    await session.page.getByRole('heading', { name: 'BTC/USDT', level: 1 }).waitFor();
    await expect.poll(lastPrice, { timeout: 15_000 }).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await priceChangesFrom(await lastPrice());
    await session.page.locator('[data-testid="price-chart"] canvas').first().waitFor();
    await expect.poll(() => session.page.locator('.book__side--bids li').count()).toBeGreaterThan(5);
    await session.page.getByRole('tab', { name: english.marketDetail.trades }).click();
    // Prints are the spot engine's real trades (none yet on a fresh server; tests/e2e/spot.test.ts
    // sees one appear): the list says so once it has been read.
    await session.page.getByTestId('trade-list').filter({ hasText: english.marketDetail.noTrades }).waitFor();
    expect(await session.page.getByRole('link', { name: 'Buy BTC' }).getAttribute('href')).toBe(
      '/trade?coinPair=btcusdt&direction=buy',
    );

    // The server side goes away: the app says it is reconnecting and keeps prices coming by polling.
    refuse = true;
    for (const r of routes) await r.close();
    const banner = session.page.getByTestId('connection-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(english.connection.reconnecting);
    await priceChangesFrom(await lastPrice(), 15_000);

    // Back again: live ticks resume and the banner goes.
    refuse = false;
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await priceChangesFrom(await lastPrice());
  });

  it('lists, sorts and searches the pairs on /market', async () => {
    await session.page.goto('/market');
    await session.page.getByRole('tab', { name: english.market.usdt }).waitFor();
    const rows = session.page.locator('.market-row');
    await expect.poll(() => rows.count()).toBe(10);
    await session.page.getByRole('button', { name: new RegExp(english.market.sortPrice) }).click();
    await expect.poll(() => rows.first().getAttribute('data-pair')).toBe('btcusdt');
    await session.page.getByRole('searchbox').fill('sol');
    await expect.poll(() => rows.count()).toBe(1);
  });
});
