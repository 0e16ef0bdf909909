import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { doubleTap, doubleTapAt, moveOn } from './helpers/browser';
import { brokenFigures, brokenWords } from './helpers/figures';
import { logIn, phoneSession } from './helpers/session';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const SHOTS = process.env.SPOT_SCREENSHOTS;
const DEMO_PASSWORD = 'Demo2026trade';

// The demo trader (verified, funded on first start) with a password the test knows.
const session = phoneSession({ DEMO_PASSWORD });

const shot = async (name: string) => {
  if (SHOTS) await session.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** Places `count` limit buys of BTC 1 % under the best bid, which rest in the book. */
const placeRestingBuys = async (count: number) => {
  const { page, server } = session;
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token as string);
  const depth = (await (await fetch(`${server.url}/api/market/depth?pair=btcusdt&limit=1`)).json()) as {
    data: { bids: [string, string][] };
  };
  const below = Math.floor(Number(depth.data.bids[0]![0]) * 0.99);
  for (let i = 0; i < count; i++) {
    const placed = await fetch(`${server.url}/api/cointransaction/orderbuy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ pair: 'btcusdt', type: 'limit', price: String(below - i * 10), qty: '0.001' }),
    });
    expect(((await placed.json()) as { code: number }).code).toBe(1);
  }
};

describe('the demo trader on /trade', () => {
  it('logs in and sees the engine\u2019s book with the house quotes', async () => {
    await session.page.goto('/trade');
    await session.page.waitForURL('**/login?redirect=%2Ftrade');
    await logIn(session.page, 'demotrader', DEMO_PASSWORD);
    await session.page.waitForURL('**/trade');
    await session.page.getByTestId('book-asks').locator('li').first().waitFor();
    await expect
      .poll(() => session.page.getByTestId('book-bids').locator('li').count())
      .toBeGreaterThanOrEqual(5);
    await expect.poll(() => session.page.getByTestId('available').textContent()).toContain('10,000');
    await shot('trade');
  });

  it('says as a quantity is typed in two notations that it is no number, and sends nothing', async () => {
    const { page } = session;
    const qty = page.getByLabel(en.trade.qty.replace('{{coin}}', 'BTC'));
    // A thousand and a half as a German writes it on an English screen: the first mark is the
    // decimal point ("1.000", one); the second is refused, and the next digit does not make 1.0005.
    await qty.pressSequentially('1.000,5');
    expect(await qty.inputValue()).toBe('1.000,5');
    const said = page.getByTestId('order-form').getByRole('alert');
    await expect.poll(() => said.textContent()).toBe(en.app.msg.amount_invalid);
    expect(await qty.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: en.trade.buyCoin.replace('{{coin}}', 'BTC') }).click();
    expect(await said.count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await page.getByTestId('open-order').count()).toBe(0);
    await qty.fill('');
    await expect.poll(() => said.count()).toBe(0);
    // The next test's tap on the button is a tap of its own.
    await moveOn(page);
  });

  it('places a limit buy below the market, which rests in the open orders', async () => {
    const last = Number((await session.page.getByTestId('trade-last').textContent())!.replace(/,/g, ''));
    const price = (Math.floor(last * 0.97 * 100) / 100).toFixed(2);
    await session.page.getByLabel(en.trade.price.replace('{{coin}}', 'USDT')).fill(price);
    await session.page.getByLabel(en.trade.qty.replace('{{coin}}', 'BTC')).fill('0.01');
    await session.page.getByRole('button', { name: en.trade.buyCoin.replace('{{coin}}', 'BTC') }).click();
    await session.page.getByTestId('open-order').first().waitFor();
    expect(await session.page.getByTestId('open-order').count()).toBe(1);
  });

  it('buys at market for an amount, filled at once against the house', async () => {
    await session.page.getByRole('button', { name: en.trade.market, exact: true }).click();
    await session.page.getByLabel(en.trade.amount.replace('{{coin}}', 'USDT')).fill('100');
    await session.page.getByRole('button', { name: en.trade.buyCoin.replace('{{coin}}', 'BTC') }).click();
    // The fill shows as a print in the recent trades.
    await session.page.getByRole('tab', { name: en.trade.trades }).click();
    await session.page.getByTestId('trade-list').locator('tbody tr').first().waitFor();
    await shot('trade-filled');
  });

  it('finds both orders in /orderList, the market one completed with its fills', async () => {
    await session.page.getByRole('link', { name: en.trade.allOrders }).click();
    await session.page.waitForURL('**/orderList');
    await session.page.getByRole('tab', { name: en.orders.tabs.all }).click();
    await expect.poll(() => session.page.getByTestId('order-card').count()).toBe(2);
    // The tab is in the address: a reload shows the same orders.
    await session.page.reload();
    await expect.poll(() => session.page.getByTestId('order-card').count()).toBe(2);
    const cards = session.page.getByTestId('order-card');
    await expect.poll(() => cards.nth(0).textContent()).toContain(en.app.data.order_completed);
    expect(await cards.nth(1).textContent()).toContain(en.app.data.order_pending);
    await shot('order-list');
    await cards.nth(0).click();
    const detail = session.page.getByTestId('order-detail');
    await detail.getByText(en.orders.fills).waitFor();
    await detail.locator('tbody tr').first().waitFor();
    await shot('order-detail');
  });

  it('finds the market buy among the deals on /dealList, and not the resting order', async () => {
    await session.page.goto('/dealList');
    const deals = session.page.getByTestId('order-card');
    await expect.poll(() => deals.count()).toBe(1);
    expect(await deals.first().textContent()).toContain(en.app.data.order_completed);
    await shot('deal-list');
  });

  it('opens a deal\u2019s detail over the whole screen, above the tab bar, with its fills in view', async () => {
    const { page } = session;
    await moveOn(page);
    await page.getByTestId('order-card').first().click();
    const detail = page.getByTestId('order-detail');
    await detail.locator('tbody tr:has(td)').first().waitFor();
    // The deals sit in a card, whose backdrop-filter once made it the sheet's frame: the sheet rose
    // from the card's bottom (with many deals, below the screen, under the tab bar), as narrow as
    // the card. A sheet rises from the screen's bottom edge, the screen's width.
    const box = (await detail.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    const tabBar = (await page.locator('.tabbar').boundingBox())!;
    expect(box.y).toBeLessThan(tabBar.y);
    const fills = (await detail.locator('tbody tr:has(td)').first().boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="order-detail"]') !== null,
      [fills.x + fills.width / 2, fills.y + fills.height / 2],
    );
    expect(onTop).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
  });

  it('lets the second tap of a double tap on a pair fall on nothing once the sheet has closed', async () => {
    const { page } = session;
    await page.goto('/trade?coinPair=btcusdt');
    await page.getByTestId('book-asks').locator('li').first().waitFor();
    // Each row of the sheet has something else of the trade screen under it: the price, a balance
    // chip, the buy button, the tabs.
    for (const row of [1, 2, 3, 4, 5]) {
      await page.locator('.trade__pair').click();
      await doubleTap(page, page.getByRole('dialog').locator('.pair-sheet__row').nth(row));
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count(), `row ${row}`).toBe(0);
      expect(await page.getByLabel(/^Quantity/).inputValue(), `row ${row}`).toBe('');
      expect(await page.getByLabel(/^Amount/).inputValue(), `row ${row}`).toBe('');
      expect(await page.locator('.toast').count(), `row ${row}`).toBe(0);
    }
  });

  it('opens and closes the pair sheet from the keyboard, which stays inside it meanwhile', async () => {
    const { page } = session;
    await page.goto('/trade?coinPair=btcusdt');
    await page.getByTestId('book-asks').locator('li').first().waitFor();
    const opener = page.locator('.trade__pair');
    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    const focusInSheet = () =>
      page.evaluate(() => document.querySelector('[role=dialog]')?.contains(document.activeElement) ?? false);
    expect(await focusInSheet()).toBe(true);
    // The trade form beneath is inert: however far the keyboard goes, it stays in the sheet (or
    // the browser's own controls, past the end of the page).
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const inside = await focusInSheet();
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      expect(inside || !onPage, `tab ${i}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('trade__pair'))).toBe(true);
  });

  it('closes the pair sheet with Back, staying on the pair; a pair picked in it replaces the one shown', async () => {
    const { page } = session;
    await page.goto('/market');
    await page.goto('/trade?coinPair=btcusdt');
    await page.getByTestId('book-asks').locator('li').first().waitFor();
    const sheet = page.getByRole('dialog');
    const layerMark = () => page.evaluate(() => (window.history.state as { layer?: number }).layer);
    await page.locator('.trade__pair').click();
    await sheet.waitFor();
    await page.goBack();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('?coinPair=btcusdt');
    expect(await page.getByTestId('book-asks').locator('li').count()).toBeGreaterThan(0);
    // Closed by its button, the sheet took its entry with it.
    await moveOn(page);
    await page.locator('.trade__pair').click();
    await moveOn(page);
    await sheet.getByRole('button', { name: en.common.close }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(layerMark).toBeUndefined();
    await moveOn(page);
    await page.locator('.trade__pair').click();
    await moveOn(page);
    await sheet.locator('.pair-sheet__row', { hasText: 'ETH/USDT' }).click();
    await page.waitForURL('**/trade?coinPair=ethusdt');
    await expect.poll(layerMark).toBeUndefined();
    // Picking a pair is no step of its own: Back leaves the trade screen, as it did before.
    await page.goBack();
    await page.waitForURL('**/market');
  });

  it('draws the book\u2019s levels over depth bars, their prices readable over them (4.5:1) in both themes', async () => {
    const { page } = session;
    try {
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto('/trade');
        const rows = page.locator('.mini-book__row');
        await rows.first().waitFor();
        // Each price against its bar laid over the page's own background.
        const ratios = await rows.evaluateAll((els) => {
          const rgba = (css: string) => {
            const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number);
            return [r!, g!, b!, a] as const;
          };
          const luminance = ([r, g, b]: readonly number[]) => {
            const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
            return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
          };
          // The theme's background as the browser reads a colour (the variable holds it as written).
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--bg)';
          const page = rgba(getComputedStyle(probe).color);
          probe.remove();
          return els.map((row) => {
            const bar = rgba(getComputedStyle(row.querySelector('.mini-book__bar')!).backgroundColor);
            const under = [0, 1, 2].map((i) => bar[3] * bar[i]! + (1 - bar[3]) * page[i]!);
            const text = rgba(getComputedStyle(row.querySelector('.mini-book__price')!).color);
            const [hi, lo] = [luminance(text), luminance(under)].sort((x, y) => y - x);
            return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
          });
        });
        expect(ratios.length).toBeGreaterThanOrEqual(10);
        expect(Math.min(...ratios), `${theme}: ${ratios.join(', ')}`).toBeGreaterThanOrEqual(4.5);
        // The bars grow outwards from the best price: the deepest level's is the widest.
        const widths = await page
          .getByTestId('book-bids')
          .locator('.mini-book__bar')
          .evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
        expect(widths).toEqual([...widths].sort((x, y) => x - y));
        expect(widths[0]).toBeGreaterThan(0);
      }
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
    }
  });

  it('keeps an order\u2019s fills within a phone\u2019s width, however long their figures', async () => {
    const { page } = session;
    const long = '987654321987.12345678';
    await page.route('**/api/cointransaction/detail**', async (route) => {
      const answer = (await (await route.fetch()).json()) as {
        data: { fills: Array<Record<string, unknown>> };
      };
      answer.data.fills = answer.data.fills.map((f) => ({ ...f, price: long, qty: long, fee: long }));
      await route.fulfill({ json: answer });
    });
    try {
      await page.goto('/orderList');
      await page.getByRole('tab', { name: en.orders.tabs.all }).click();
      await page.getByTestId('order-card').first().click();
      const detail = page.getByTestId('order-detail');
      // The first fill's row (the first row of a day's fills is its date).
      const cell = detail.locator('tbody tr:has(td)').first().locator('td').last();
      await cell.waitFor();
      // The fee, the last column, stays inside the sheet; so does the whole sheet.
      const sheet = (await detail.boundingBox())!;
      const fee = (await cell.boundingBox())!;
      expect(fee.x + fee.width).toBeLessThanOrEqual(sheet.x + sheet.width);
      expect(await detail.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await shot('order-detail-long');
    } finally {
      await page.unroute('**/api/cointransaction/detail**');
    }
  });

  it('opens a resting order\u2019s detail once on a double tap, and does not cancel it with the second', async () => {
    const { page } = session;
    // Enough resting orders that a card lies where the detail's cancel button comes up, at the
    // bottom of the screen.
    await placeRestingBuys(4);
    await page.goto('/orderList');
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(5);
    const bottom = page.viewportSize()!.height - 40;
    const boxes = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
    const under = boxes.findIndex((b) => b !== null && b.y < bottom && b.y + b.height > bottom);
    expect(under).toBeGreaterThanOrEqual(0);
    await doubleTapAt(page, 195, bottom);
    const detail = page.getByTestId('order-detail');
    const cancel = detail.getByRole('button', { name: en.orders.cancel });
    await cancel.waitFor();
    // The cancel button is where the finger was.
    const button = (await cancel.boundingBox())!;
    expect(button.y < bottom && button.y + button.height > bottom).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await detail.textContent()).toContain(en.app.data.order_pending);
    await detail.getByRole('button', { name: en.common.close }).click();
    expect(await cards.count()).toBe(5);
  });

  it('holds the order list still while an order\u2019s detail is up', async () => {
    const { page } = session;
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(5);
    const scrolled = () => page.evaluate(() => window.scrollY);
    await page.evaluate(() => window.scrollTo(0, 0));
    await cards.first().click();
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    // A swipe on the dimmed list above the sheet.
    await page.mouse.move(195, 60);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.mouse.wheel(0, 400);
    await expect.poll(scrolled).toBeGreaterThan(0);
  });

  it('keeps a deal\u2019s figures whole on a 320 px phone in Russian, however long its label', async () => {
    const { page, server } = session;
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
    // Bought for thousands at a price of two decimals, a quantity of five: a deal amount of seven
    // decimals ("5 819,3548966") beside "Сумма исполнения", which once broke its last digit off.
    const res = await fetch(`${server.url}/api/cointransaction/orderbuy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ pair: 'btcusdt', type: 'market', amount: '5819.35' }),
    });
    expect((await res.json()).code).toBe(1);
    await page.setViewportSize({ width: 320, height: 844 });
    try {
      await page.evaluate(() => localStorage.setItem('lang', 'ru'));
      await page.goto('/dealList');
      await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
      expect(await brokenFigures(page, '.order-card__figure')).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'us'));
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('keeps a deal\u2019s labels whole on a 320 px phone, its figure going under one that leaves it no room', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 320, height: 844 });
    try {
      // The deals sit in a card of their own, narrower than the order list: "Ausführungsbetrag"
      // beside "5.819,3548966" was broken as "Ausführungsbetra" over "g".
      for (const lang of ['de', 'ru']) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await page.goto('/dealList');
        await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
        const cards = page.getByTestId('order-card');
        expect(await brokenWords(page, '.order-card .muted'), lang).toEqual([]);
        expect(await brokenFigures(page, '.order-card__figure'), lang).toEqual([]);
        // Every figure stays at the card's right edge, under its label or beside it.
        const rights = await cards
          .first()
          .locator('.order-card__figure')
          .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
        expect(new Set(rights).size, lang).toBe(1);
      }
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'us'));
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('opens an order from its entry in the coin\u2019s history, over the history', async () => {
    const { page } = session;
    await moveOn(page);
    await page.goto('/assets/detail?coin=USDT');
    // The market buy paid its USDT in a spot trade: the entry leads to that order.
    const entry = page.locator('.record__open', { hasText: en.app.data.spot_trade }).first();
    await entry.waitFor();
    await shot('wallet-history');
    await entry.click();
    const detail = page.getByTestId('order-detail');
    await detail.locator('tbody tr').first().waitFor();
    expect(await detail.textContent()).toContain(en.app.data.order_completed);
    expect(new URL(page.url()).pathname).toBe('/assets/detail');
    await shot('wallet-entry-order');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
  });

  it('comes back to its orders as far down as it left them', async () => {
    const { page } = session;
    await moveOn(page);
    // Past a page of 20 open orders.
    await placeRestingBuys(20);
    await page.goto('/orderList');
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(20);
    await page.getByRole('button', { name: en.orders.loadMore }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    const shown = await cards.count();
    // Away and back (a reload would do the same): the address brings both pages again.
    await page.goto('/home');
    await page.goBack();
    await page.waitForURL('**/orderList?**pages=2**');
    await expect.poll(() => cards.count()).toBe(shown);
  });
});
