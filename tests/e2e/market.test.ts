import fs from 'node:fs';
import path from 'node:path';
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext, skipPopupsToday, watchCsp } from './helpers/browser';
import { recordCanvasText } from './helpers/canvasText';
import { phoneSession } from './helpers/session';
import { smallTargets } from './helpers/tapTargets';

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

  it('says a chart interval chosen offline could not be read, with a retry, and draws it once back', async () => {
    const { page, context } = session;
    await page.goto('/marketDetail?coinPair=ethusdt');
    const chart = page.locator('.chart-frame');
    await chart.locator('[data-testid="price-chart"] canvas').first().waitFor();
    await expect.poll(() => chart.getByRole('status').count()).toBe(0);
    await context.setOffline(true);
    try {
      await page.getByTestId('connection-banner').waitFor({ timeout: 5_000 });
      await page.getByRole('tab', { name: english.marketDetail.intervals['4h'] }).click();
      // A spinner over the 15m chart's price scale stayed until the network came back.
      await chart.getByText(english.app.msg.network_error).waitFor({ timeout: 5_000 });
      expect(await chart.getByRole('status').count()).toBe(0);
      // Tapped, not the chart's canvases under it.
      await chart.getByRole('button', { name: english.common.retry }).click();
      await chart.getByText(english.app.msg.network_error).waitFor({ timeout: 5_000 });
    } finally {
      await context.setOffline(false);
    }
    await chart.getByTestId('load-failed').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => chart.getByRole('status').count()).toBe(0);
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

  it('leaves no control on /market, /marketDetail or the tab bar too small for a thumb', async () => {
    await session.page.goto('/market');
    await expect.poll(() => session.page.locator('.market-row').count()).toBe(10);
    await session.page.getByRole('navigation', { name: english.tab.label }).waitFor();
    expect(await smallTargets(session.page)).toEqual([]);
    await session.page.goto('/marketDetail?coinPair=btcusdt');
    await expect.poll(() => session.page.locator('.book__side--bids li').count()).toBeGreaterThan(5);
    expect(await smallTargets(session.page)).toEqual([]);
  });

  it('moves between the chart intervals with the arrow keys, the chart following', async () => {
    await session.page.goto('/marketDetail?coinPair=btcusdt');
    const intervals = session.page.getByRole('tablist', { name: english.marketDetail.interval });
    const selected = intervals.getByRole('tab', { selected: true });
    await intervals.getByRole('tab', { name: '15m' }).focus();
    await session.page.keyboard.press('ArrowRight');
    await expect.poll(() => selected.innerText()).toBe('1h');
    expect(await selected.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => session.page.getByTestId('price-chart').getAttribute('aria-label'))
      .toMatch(/, 1h$/);
    await session.page.keyboard.press('End');
    await expect.poll(() => selected.innerText()).toBe(english.marketDetail.intervals['1d']);
  });

  it('draws no price label half under the last price’s box, on any pair or interval', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    await skipPopupsToday(context);
    await recordCanvasText(context);
    const page = await context.newPage();
    const covered: string[] = [];
    for (const pair of ['btcusdt', 'ethusdt', 'bnbusdt', 'solusdt']) {
      await page.goto(`/marketDetail?coinPair=${pair}`);
      // The pane's row: the candles' two canvases, then the price scale's (the left scale has none).
      const axis = page.getByTestId('price-chart').locator('tr').first().locator('canvas').nth(2);
      await axis.waitFor();
      for (const interval of ['1m', '15m', '1h', '1d'] as const) {
        await page.getByRole('tab', { name: english.marketDetail.intervals[interval], exact: true }).click();
        const labelled = () =>
          axis.evaluate((c: HTMLCanvasElement) => window.drawnText!(c).some((t) => t.text !== ''));
        await expect.poll(labelled, { timeout: 15_000 }).toBe(true);
        // In CSS pixels: the scale's labels are drawn in its muted colour, the last price in ink on
        // its box. Box and label overlap within (17 + 12) / 2 px of each other's middles.
        const drawn = await axis.evaluate((c: HTMLCanvasElement) => {
          const scale = c.width / c.clientWidth;
          return window.drawnText!(c)
            .filter((t) => t.text !== '')
            .map((t) => ({ text: t.text, y: t.y / scale, fill: t.fill }));
        });
        const count = (fill: string) => drawn.filter((t) => t.fill === fill).length;
        const scaleFill = drawn.map((t) => t.fill).sort((a, b) => count(b) - count(a))[0];
        const muted = drawn.filter((t) => t.fill === scaleFill);
        const last = drawn.find((t) => t.fill !== scaleFill);
        if (!last) continue;
        for (const tick of muted)
          if (Math.abs(tick.y - last.y) < 14)
            covered.push(
              `${pair} ${interval}: ${tick.text} ${(tick.y - last.y).toFixed(1)} px from ${last.text}`,
            );
      }
    }
    await context.close();
    expect(covered).toEqual([]);
  });

  it('labels the chart’s time in the reader’s time zone and language', async () => {
    // Phone-sized, with a mouse: the crosshair follows a pointer at once (a finger has to hold).
    const context = await watchCsp(
      await session.browser.newContext({
        baseURL: session.server.url,
        viewport: { width: 390, height: 844 },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      }),
    );
    await recordCanvasText(context);
    await context.addInitScript(() => localStorage.setItem('lang', 'jp'));
    const page = await context.newPage();
    await page.goto('/marketDetail?coinPair=btcusdt');
    const rows = page.getByTestId('price-chart').locator('tr');
    const pane = rows.first().locator('canvas').first();
    const axis = rows.last().locator('canvas').first();
    const labels = () => axis.evaluate((c: HTMLCanvasElement) => window.drawnText!(c).map((t) => t.text));
    // The crosshair's label is drawn on a layer over the tick marks: read from every canvas of the axis.
    const crosshairLabel = () =>
      rows
        .last()
        .locator('canvas')
        .evaluateAll((canvases: HTMLCanvasElement[]) =>
          canvases.flatMap((c) => window.drawnText!(c).map((t) => t.text)).filter((t) => /年.*日 /.test(t)),
        );
    // Tick marks: a local hour, the first of a local day by its date, of a year by the year, written
    // as Japanese writes them. A mark that would be cut at the left edge is drawn empty
    // (PriceChart's leftEdgeLabels), wherever the time of the run puts one.
    const date = /^\d{1,2}月\d{1,2}日$/;
    const drawn = async () => {
      await expect.poll(async () => (await labels()).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const shown = (await labels()).filter((label) => label !== '');
      expect(shown.length).toBeGreaterThan(0);
      return shown;
    };
    for (const label of await drawn()) expect(label).toMatch(/^(\d\d:\d\d|\d{1,2}月\d{1,2}日|\d{4}年)$/);
    // Hourly candles span more than a day on a phone: some mark is a date, at Tokyo's midnight.
    await page.getByRole('tab', { name: '1時間' }).click();
    await expect.poll(async () => (await drawn()).some((label) => date.test(label))).toBe(true);
    // Day candles: dates (and a year where one begins), never a time.
    await page.getByRole('tab', { name: '1日' }).click();
    await expect
      .poll(async () => (await drawn()).every((label) => /^(\d{1,2}月\d{1,2}日|\d{4}年)$/.test(label)))
      .toBe(true);
    await page.getByRole('tab', { name: '15分' }).click();

    // The crosshair on the newest candles names one of them by Tokyo's clock (the default 15-minute
    // candles: one of the last few opens), not by UTC's, nine hours behind.
    const box = (await pane.boundingBox())!;
    await page.mouse.move(box.x + box.width - 60, box.y + box.height / 2, { steps: 5 });
    const tokyo = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const quarter = 15 * 60_000;
    const newest = Math.floor(Date.now() / quarter) * quarter;
    const recent = Array.from({ length: 16 }, (_, i) => tokyo.format(newest - i * quarter));
    await expect.poll(crosshairLabel, { timeout: 5_000 }).toEqual([expect.toBeOneOf(recent)]);
    await context.close();
  });
});
