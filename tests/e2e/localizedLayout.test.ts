import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERVALS } from '../../protocol/market';
import { LOCALES, type Locale } from '../../protocol/locales';
import { phoneContext } from './helpers/browser';
import { recordCanvasText, textPastEdges } from './helpers/canvasText';
import {
  brokenFigures,
  brokenWords,
  crowded,
  labelsApart,
  placeholderFits,
  unitsApart,
} from './helpers/figures';
import { sentCode } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const translations = (locale: Locale) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/${locale}.json`), 'utf8'));

const DEMO_PASSWORD = 'Figures2026local';
// A contract 'minute' of 2 s, so that a contract settles within the test. These tests load a
// hundred screens in a minute or two from one address, each with its several calls: over the
// server's 600 calls a minute an address, the later screens were refused their data.
const session = phoneSession({ DEMO_PASSWORD, CONTRACT_MINUTE_MS: '2000', RATE_LIMIT_PER_MINUTE: '100000' });

/** The demo trader's own call to the API, with the session the page holds. */
const call = (path: string, body?: object) =>
  session.page.evaluate(
    async ([to, payload]) => {
      const token = JSON.parse(localStorage.getItem('user') ?? '{}').token as string;
      const res = await fetch(`/api${to}`, {
        method: payload ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', token },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      return ((await res.json()) as { code: number; data: unknown }).data;
    },
    [path, body] as const,
  );

/** A limit buy of BTC under the market, inside the price band: it rests. */
const restingBuy = async (qty: string) => {
  const tickers = (await call('/market/tickers')) as Array<{ pair: string; last: string }>;
  const last = Number(tickers.find((t) => t.pair === 'btcusdt')!.last);
  await call('/cointransaction/orderbuy', {
    pair: 'btcusdt',
    type: 'limit',
    price: (last * 0.97).toFixed(2),
    qty,
  });
};

const inLanguage = (page: Page, locale: Locale) =>
  page.evaluate((l) => localStorage.setItem('lang', l), locale);

/** What `faults` finds on `url` in each language, once `marker` shows its text in that language
 * (`text` of the locale file), as 'locale: what was found'. */
const inEveryLanguage = async (
  url: string,
  marker: Locator,
  text: (translated: ReturnType<typeof translations>) => string,
  faults: () => Promise<Array<string | null>>,
) => {
  const found: string[] = [];
  for (const locale of LOCALES) {
    await inLanguage(session.page, locale);
    await session.page.goto(url);
    await expect.poll(() => marker.textContent()).toContain(text(translations(locale)));
    for (const fault of await faults()) found.push(`${locale}: ${fault}`);
  }
  return found;
};

/** The left and right edges of the first element matching `selector`, in whole pixels. */
const edges = (selector: string) =>
  session.page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right) };
    });

describe('screens at 390 px: long localized figures and labels, and what lines up', () => {
  beforeAll(async () => {
    const { page } = session;
    await page.goto('/login');
    await logIn(page, 'demotrader', DEMO_PASSWORD);
    await page.waitForURL('**/home');
  });

  it('keeps an open order’s figures and the order types whole on /trade in German and Russian', async () => {
    const { page } = session;
    await restingBuy('0.01234');
    for (const [locale, filled] of [
      ['de', '0,00000 / 0,01234'],
      ['ru', '0,00000 / 0,01234'],
    ] as const) {
      await inLanguage(page, locale);
      await page.goto('/trade?coinPair=btcusdt');
      const figures = page.getByTestId('open-order').first().locator('dd');
      await expect.poll(() => figures.allTextContents(), { timeout: 15_000 }).toContain(filled);
      expect(
        await brokenFigures(page, '.open-order dd, .open-order .btn, .order-form__types button'),
        locale,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const typeRows = await page
        .locator('.order-form__types button')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(typeRows).size, locale).toBe(1);
    }
  });

  it('keeps a staking term’s figure on one line beside a long label, on /defi and its records', async () => {
    const { page } = session;
    // 1 234.56789 × 0.02 % × 7 days: 1.72839499 USDT projected, beside 'Projected earnings (whole cycle)'.
    await call('/defi/pledge', { productId: 1, amount: '1234.56789' });
    for (const locale of ['us', 'de'] as const) {
      await inLanguage(page, locale);
      for (const [url, shown] of [
        // The third product's 1,000.00 – 200,000.00 USDT beside 'Amount per pledge'.
        ['/defi', page.locator('.defi-card').nth(2)],
        ['/defi/pledgeRecord', page.getByText(/^1[.,]72839499\sUSDT$/)],
      ] as const) {
        await page.goto(url);
        await shown.waitFor();
        expect(await brokenFigures(page, '.defi-terms dd'), `${locale} ${url}`).toEqual([]);
      }
    }
  });

  it('breaks no figure or unit of the staking summary on /defi, at 390 and 320 px, Russian and Korean included', async () => {
    const { page } = session;
    // The pledge of the test above: 1,234.56789 USDT pledged and 1.72839499 USDT to come, each in
    // half the card. At 320 px the line broke inside the unit ("1,234.56789 U" over "SDT").
    const found: string[] = [];
    try {
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        for (const locale of ['us', 'ru', 'kr', 'de'] as const) {
          await inLanguage(page, locale);
          await page.goto('/defi');
          await page.locator('.defi-summary dd').first().waitFor();
          const faults = [
            ...(await brokenWords(page, '.defi-summary dd')).map((w) => `"${w}" broken`),
            ...(await crowded(page, '.defi-summary', 'dd')),
          ];
          for (const fault of faults) found.push(`${width} ${locale}: ${fault}`);
        }
      }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    expect(found).toEqual([]);
  });

  it('keeps both buttons of the pledge confirmation whole inside it at 320 px, in every language', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 320, height: 568 });
    const cut: string[] = [];
    try {
      for (const locale of LOCALES) {
        const tr = translations(locale);
        await inLanguage(page, locale);
        await page.goto('/defi/detail?id=1');
        await page.getByLabel(tr.defi.amount.replace('{{asset}}', 'USDT')).fill('100');
        await page.getByRole('button', { name: tr.defi.pledgeNow }).click();
        const dialog = page.getByRole('dialog', { name: tr.defi.confirmTitle });
        await dialog.getByRole('button', { name: tr.defi.confirm }).waitFor();
        // A button past the dialog's edge, or its label past the button's: "Подтвердить" beside
        // "Отмена" ran out of the dialog, which cut it.
        const outside = await dialog.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll('.dialog__actions .btn')]
            .filter((b) => {
              const r = b.getBoundingClientRect();
              const label = document.createRange();
              label.selectNodeContents(b);
              const text = label.getBoundingClientRect();
              return r.right > box.right + 0.5 || text.right > r.right + 0.5 || text.left < r.left - 0.5;
            })
            .map((b) => b.textContent);
        });
        for (const text of outside) cut.push(`${locale}: "${text}"`);
        await dialog.getByRole('button', { name: tr.defi.cancel }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    expect(cut).toEqual([]);
  });

  it('keeps each amount’s unit on its line at 320 px, on /defi and /contract, in English and German', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 320, height: 568 });
    try {
      for (const locale of ['us', 'de'] as const) {
        await inLanguage(page, locale);
        // The third product's 1,000.00 – 200,000.00 USDT: its unit went to a line of its own.
        await page.goto('/defi');
        await page.locator('.defi-card').nth(2).waitFor();
        expect(await unitsApart(page, '.defi-terms dd'), `${locale} /defi`).toEqual([]);
        await page.goto('/contract');
        await expect.poll(() => page.getByTestId('last-price').textContent()).toMatch(/\d/);
        expect(await unitsApart(page, '.contract-form'), `${locale} /contract`).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('keeps each staking term’s figure on one line at 320 px, under its label where it cannot sit beside it, in every language', async () => {
    const { page } = session;
    // In Russian all three USDT ranges broke at the dash ("1 000,00 –" over "200 000,00 USDT")
    // beside a two-line 'Сумма стейкинга'; in German the third did.
    await page.setViewportSize({ width: 320, height: 568 });
    try {
      const broken: string[] = [];
      for (const locale of LOCALES) {
        await inLanguage(page, locale);
        await page.goto('/defi');
        await page.locator('.defi-card').nth(2).waitFor();
        for (const figure of await brokenFigures(page, '.defi-terms dd')) broken.push(`${locale}: ${figure}`);
        const inside = await page
          .locator('.defi-terms dd')
          .evaluateAll((els) =>
            els.every(
              (el) =>
                el.getBoundingClientRect().right <= el.parentElement!.getBoundingClientRect().right + 0.5,
            ),
          );
        if (!inside) broken.push(`${locale}: a figure past its row`);
      }
      expect(broken).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('keeps each balance beside its label in the wallet history, in Russian and German', async () => {
    const { page } = session;
    // Something frozen, so that each entry shows both balances.
    await restingBuy('0.01');
    for (const locale of ['ru', 'de'] as const) {
      const { wallet } = translations(locale);
      await inLanguage(page, locale);
      await page.goto('/assets/detail?coin=USDT');
      const meta = page.locator('.record__meta').first();
      await expect.poll(() => meta.textContent(), { timeout: 15_000 }).toContain(wallet.frozen);
      expect(await labelsApart(page, '.record__meta', [wallet.after, wallet.frozen]), locale).toEqual([]);
    }
  });

  it('keeps the order status filter inside the screen, one row of segments, in every language', async () => {
    const { page } = session;
    for (const locale of LOCALES) {
      await inLanguage(page, locale);
      await page.goto('/orderList');
      // All orders: the tab whose filter offers every status.
      await page.getByRole('tab').nth(1).click();
      const options = page.locator('.seg-control__option');
      await expect.poll(() => options.count()).toBe(4);
      const boxes = await options.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { top: Math.round(r.top), right: r.right };
        }),
      );
      expect(new Set(boxes.map((b) => b.top)).size, locale).toBe(1);
      expect(Math.max(...boxes.map((b) => b.right)), locale).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(
        390,
      );
    }
  });

  it('scrolls no screen sideways and cuts no figure or label at 320 px (the narrowest phones, or a larger one at a large display size), in every language', async () => {
    const { page } = session;
    // Each screen with a live figure that must be in before it is measured: a placeholder dash is narrower.
    const screens = [
      ['/home', '.coin-list__price'],
      ['/market', '.market-row__price'],
      ['/marketDetail?coinPair=btcusdt', '.stats__grid dd'],
      ['/contract', '[data-testid="last-price"]'],
      ['/trade', '[data-testid="trade-last"]'],
    ] as const;
    // Labels and figures that keep to one line and would be cut (or run under their neighbour).
    const whole =
      '.stats__grid dd, .interval-tabs, .order-form__sides, .order-form__side, .order-form__types, .order-form__types button, .cycle-chip, .tabbar__label';
    await page.setViewportSize({ width: 320, height: 568 });
    try {
      const wide: string[] = [];
      for (const locale of LOCALES) {
        await inLanguage(page, locale);
        for (const [url, figure] of screens) {
          await page.goto(url);
          await expect.poll(() => page.locator(figure).first().textContent()).toMatch(/\d/);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > 320) wide.push(`${locale} ${url}: ${width} px`);
          const cut = await page.locator(whole).evaluateAll((els) =>
            els
              .filter((el) => {
                // Its text wider than the room inside it, whether it spills or is clipped.
                const range = document.createRange();
                range.selectNodeContents(el);
                return (
                  el.scrollWidth > el.clientWidth ||
                  range.getBoundingClientRect().width > el.clientWidth + 0.5
                );
              })
              .map((el) => el.textContent),
          );
          for (const text of cut) wide.push(`${locale} ${url}: "${text}" cut`);
        }
      }
      expect(wide).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('keeps each value of the personal centre whole and clear of its button, at 390 and 320 px', async () => {
    // At 320 px the Russian "Копировать" left the invitation code a 4 px box, the German "Kopieren"
    // 48 px, and the code was drawn under the button; the nickname broke mid-word.
    const { page } = session;
    const found: string[] = [];
    try {
      for (const width of [390, 320])
        for (const locale of ['us', 'de', 'ru', 'kr', 'es'] as const) {
          await page.setViewportSize({ width, height: 844 });
          await inLanguage(page, locale);
          await page.goto('/userInfo');
          await page.locator('.info-row__action').nth(1).waitFor();
          const at = `${locale} at ${width} px`;
          for (const fault of await crowded(page, '.info-row', 'dt, .info-row__text, .info-row__action'))
            found.push(`${at}: ${fault}`);
          for (const text of await brokenFigures(page, '.info-row__text, .info-row__action'))
            found.push(`${at}: "${text}" broken`);
        }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    expect(found).toEqual([]);
  });

  it('keeps pair names and figures whole in the home boards and the market list at 320 px, Korean included', async () => {
    // Korean breaks lines between words (keep-all), and a word wider than its room anywhere: the
    // boards' "ETH/USDT" went "ETH/USD" over "T". Elsewhere the name ran over the price beside it.
    const { page } = session;
    const found: string[] = [];
    await page.setViewportSize({ width: 320, height: 700 });
    try {
      for (const locale of ['kr', 'de', 'ru', 'us'] as const) {
        await inLanguage(page, locale);
        await page.goto('/home');
        const boards = page.locator('.top-lists [role="tab"]');
        for (let board = 0; board < 3; board++) {
          await boards.nth(board).click();
          // A board no pair qualifies for says so instead.
          await page.locator('.top-lists__price, .top-lists__empty').first().waitFor();
          const parts = '.top-lists__name, .top-lists__price, .top-lists__vol, .top-lists .change';
          for (const text of await brokenFigures(page, parts))
            found.push(`${locale} /home: "${text}" broken`);
          for (const fault of await crowded(page, '.top-lists__row', parts))
            found.push(`${locale} /home: ${fault}`);
        }
        // "Gewinner" went "Gewinne" over "r" in its third of the bar.
        for (const word of await brokenWords(page, '.top-lists [role="tab"]'))
          found.push(`${locale} /home: tab "${word}" broken`);
        await page.goto('/market');
        await expect.poll(() => page.locator('.market-row__price').first().textContent()).toMatch(/\d/);
        // The price's flash layer is a box of its own: its figure is checked by what it crosses.
        for (const text of await brokenFigures(page, '.pair-name, .market-row .change'))
          found.push(`${locale} /market: "${text}" broken`);
        const parts = '.pair-name, .market-row__vol, .market-row__price, .market-row .change';
        for (const fault of await crowded(page, '.market-row__link', parts))
          found.push(`${locale} /market: ${fault}`);
      }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    expect(found).toEqual([]);
  });

  it('keeps "Manage addresses" on /withdraw inside the margin, at 390 and 320 px', async () => {
    // At 320 px the German "Auszahlungsadresse" left "Adressen verwalten" running past the edge.
    const { page } = session;
    const found: string[] = [];
    try {
      for (const width of [390, 320])
        for (const locale of ['us', 'de', 'ru', 'es', 'fr'] as const) {
          await page.setViewportSize({ width, height: 844 });
          await inLanguage(page, locale);
          await page.goto('/withdraw');
          const link = page.locator('.wallet-fieldset__head .field__action');
          await expect.poll(() => link.textContent()).toBe(translations(locale).withdraw.manageAddresses);
          // Its text ends where the fields below it end; its padding may hang into the margin.
          const [text, field] = await Promise.all([
            link.evaluate((el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              return range.getBoundingClientRect().right;
            }),
            page.locator('.wallet-fieldset').evaluate((el) => el.getBoundingClientRect().right),
          ]);
          if (text > field + 0.5)
            found.push(`${locale} at ${width} px: ends at ${text}, the fields at ${field}`);
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scroll > width) found.push(`${locale} at ${width} px: scrolls to ${scroll}`);
        }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    expect(found).toEqual([]);
  });

  it('keeps the buy-up and buy-down labels on one line on /contract, in every language', async () => {
    const { page } = session;
    const broken = await inEveryLanguage(
      '/contract',
      page.locator('.contract-actions .btn').first(),
      (tr) => tr.app.data.contract_up,
      () => brokenFigures(page, '.contract-actions .btn'),
    );
    expect(broken).toEqual([]);
  });

  it('keeps each generation tab’s count on the line of its label on /invite, in every language', async () => {
    const { page } = session;
    const apart = await inEveryLanguage(
      '/invite',
      page.getByRole('tab').first(),
      (tr) => tr.invite.first,
      () =>
        page.getByRole('tab').evaluateAll((els) =>
          els
            .filter((el) => {
              const badge = el.querySelector('.tabs__count')!.getBoundingClientRect();
              const middle = badge.top + badge.height / 2;
              const range = document.createRange();
              range.selectNodeContents(el.querySelector('.tabs__text')!.firstChild!);
              return [...range.getClientRects()].some((line) => middle < line.top || middle > line.bottom);
            })
            .map((el) => el.textContent),
        ),
    );
    expect(apart).toEqual([]);
  });

  it('keeps a settled contract’s amount and outcome whole in the records, in Spanish', async () => {
    // 5432,12345678 USDT beside Ganancia +4345,69876542 or Pérdida -5432,12345678: not one line.
    const { page } = session;
    await call('/contract/order', {
      pair: 'btcusdt',
      direction: 'up',
      cycle: 1,
      amount: '5432.12345678',
      rate: '80.00',
      requestKey: `layout-${Date.now()}`,
    });
    await inLanguage(page, 'es');
    await page.goto('/contractList?tab=settled');
    const row = page.locator('.contract-row', { hasText: '5432,12345678' }).first();
    await row.locator('.pnl').waitFor({ timeout: 20_000 });
    expect(await brokenFigures(page, '.contract-row__body > *')).toEqual([]);
  });

  it('lines the deposit and online-service forms up with the text above them', async () => {
    const { page } = session;
    await inLanguage(page, 'de');
    await page.goto('/recharge?coin=USDT');
    await page.locator('.wallet-form form .field__control').first().waitFor();
    const notice = await edges('.wallet-notice');
    expect((await edges('.wallet-form form .field__control')).left).toBe(notice.left);
    expect((await edges('.wallet-form form button[type=submit]')).right).toBe(notice.right);
    await page.goto('/service');
    await page.locator('.service-form textarea').waitFor();
    const thread = await edges('.service-thread');
    expect(await edges('.service-form textarea')).toEqual(thread);
  });

  it('lines the wallet history’s entries up with its title and type filter on /assets/detail', async () => {
    // The records' own inset, meant for a list on the screen, set them in again inside the card:
    // each entry's text 16 px in from the title and filter, its line 12 px.
    const { page } = session;
    await inLanguage(page, 'de');
    await page.goto('/assets/detail?coin=BTC');
    await page.locator('.wallet-journal .record__title').first().waitFor();
    const title = await edges('.wallet-journal__title');
    const filter = await edges('.wallet-select__shown');
    const entry = await edges('.wallet-journal .record');
    expect(entry).toEqual({ left: title.left, right: filter.right });
    expect((await edges('.wallet-journal .record__title')).left).toBe(title.left);
    expect((await edges('.wallet-journal .record__amount')).right).toBe(filter.right);
  });

  it('lines the help centre’s section headings up with their articles, and the line under an article up with it', async () => {
    // Both were set 16 px in, 4 px off the 12 px of the articles, the card and the button.
    const { page } = session;
    await inLanguage(page, 'us');
    await page.goto('/help');
    await page.locator('.link-list__item').first().waitFor();
    const article = await edges('.link-list__item');
    expect((await edges('.help-section__title')).left).toBe(article.left);
    expect(await edges('.page-action')).toEqual(article);
    await page.locator('.link-list__item').first().click();
    await page.locator('.document').waitFor();
    expect((await edges('.help-more')).left).toBe((await edges('.document')).left);
  });

  it('lines the logout button up with the account card and the menu above it on /user', async () => {
    const { page } = session;
    await inLanguage(page, 'us');
    await page.goto('/user');
    const logout = `button:has-text("${translations('us').user.logout}")`;
    await page.locator(logout).waitFor();
    const menu = await edges('.list');
    expect(await edges('.profile')).toEqual(menu);
    expect(await edges(logout)).toEqual(menu);
  });

  it('shows the whole placeholder of the login and password-reset account fields, in every language at 390 and 320 px', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    const page = await context.newPage();
    const cut: string[] = [];
    for (const [width, locale] of [390, 320].flatMap((w) => LOCALES.map((l) => [w, l] as const))) {
      await page.setViewportSize({ width, height: 844 });
      for (const url of ['/login', '/forgetPwd']) {
        await page.goto(url);
        await inLanguage(page, locale);
        await page.reload();
        const field = page.locator('input[placeholder]').first();
        await expect
          .poll(() => field.getAttribute('placeholder'))
          .toBe(
            url === '/login'
              ? translations(locale).login.accountPlaceholder
              : translations(locale).forget.targetHint,
          );
        if (!(await placeholderFits(field))) cut.push(`${width} ${locale} ${url}`);
      }
    }
    await context.close();
    expect(cut).toEqual([]);
  });

  it('sets “Already have an account?” level with its “Log in” link under the sign-up form', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    const page = await context.newPage();
    await page.goto('/register');
    const links = page.locator('.form__links');
    await links.locator('a').waitFor();
    const middles = await links.evaluate((el) =>
      [...el.children].map((child) => {
        const range = document.createRange();
        range.selectNodeContents(child);
        const r = range.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    );
    await context.close();
    expect(new Set(middles).size).toBe(1);
  });

  it('shows the whole title in the top bar, on two lines where one is too short, in every language at 390 and 320 px', async () => {
    const { page } = session;
    const cut: string[] = [];
    const titlesOf = async (urls: string[]) => {
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 700 });
        for (const locale of LOCALES) {
          await inLanguage(page, locale);
          for (const url of urls) {
            await page.goto(url);
            const title = page.locator('.navbar__title');
            await expect.poll(() => title.textContent()).toBeTruthy();
            // Clipped sideways, or past its two lines (the German "Auszahlungsadresse hinzufügen"
            // and the Russian "Заявка на пополнение отправлена" were cut with "…" on one).
            const clipped = await title.evaluate(
              (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
            );
            if (clipped) cut.push(`${locale} ${width} ${url}: ${await title.textContent()}`);
          }
        }
      }
      await page.setViewportSize({ width: 390, height: 844 });
    };
    // The longest titles of every language. Setting the withdrawal password; then, with one set,
    // changing it and resetting a forgotten one.
    await titlesOf([
      '/withdrawAddress',
      '/withdrawAddress/add',
      '/pwdManagement',
      '/changePwd',
      '/withdrawalPwd',
      '/recharge/result',
      '/authentication',
      '/serviceAgreement',
      '/defi/incomeRecord',
    ]);
    const { codeTicket } = (await call('/user/withdrawPwd/code', {})) as { codeTicket: string };
    const code = await sentCode(session.server.dataDir, 'demo@example.com');
    await call('/user/withdrawPwd/set', {
      code,
      codeTicket,
      password: 'Titles2026',
      confirmPassword: 'Titles2026',
    });
    await titlesOf(['/withdrawalPwd', '/withdrawalPwd?reset=1']);
    expect(cut).toEqual([]);
  }, 300_000);

  it('keeps each fill’s time, figures and headings whole in the order detail, in German, Spanish, Russian and Italian, at 390 and 320 px', async () => {
    const { page } = session;
    await call('/cointransaction/orderbuy', { pair: 'btcusdt', type: 'market', amount: '100.55' });
    try {
      for (const width of [390, 320])
        for (const locale of ['de', 'es', 'ru', 'it'] as const) {
          await page.setViewportSize({ width, height: 844 });
          await inLanguage(page, locale);
          await page.goto('/orderList');
          // All orders, newest first: the market order just filled.
          await page.getByRole('tab').nth(1).click();
          await page.getByTestId('order-card').first().click();
          const fills = page.getByTestId('order-detail').locator('.order-detail__fills');
          await fills.locator('tbody td').first().waitFor();
          // The role under the time may wrap at its hyphen; the time itself may not.
          expect(
            await brokenFigures(page, '.order-detail__fills th, .order-detail__fills td:not(:first-child)'),
            `${locale} at ${width} px`,
          ).toEqual([]);
          expect(
            await fills
              .locator('tbody td:first-child')
              .first()
              .evaluate((td) => td.firstChild!.textContent),
          ).toMatch(/^\d\d:\d\d:\d\d$/);
          const time = await fills
            .locator('tbody td:first-child')
            .first()
            .evaluate((td) => {
              const range = document.createRange();
              range.selectNodeContents(td.firstChild!);
              return range.getClientRects().length;
            });
          expect(time, `${locale} at ${width} px: the time on one line`).toBe(1);
        }
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('draws the chart’s time labels whole at both edges, at every interval, zoom and scroll', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    await recordCanvasText(context);
    const page = await context.newPage();
    const nextFrame = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.goto('/marketDetail?coinPair=btcusdt');
    const rows = page.getByTestId('price-chart').locator('tr');
    // The candles' canvas, and under it the time scale's, which holds the labels.
    const pane = rows.first().locator('canvas').first();
    const axis = rows.last().locator('canvas').first();
    await axis.waitFor();
    const cut: string[] = [];
    for (const interval of INTERVALS) {
      await page
        .getByRole('tab', { name: translations('us').marketDetail.intervals[interval], exact: true })
        .click();
      // Each zoom out from the newest candle brings other tick marks to the edge.
      for (let zoom = 0; zoom < 4; zoom++) {
        // The candles of a new interval are fetched first.
        await expect
          .poll(() => axis.evaluate((c: HTMLCanvasElement) => window.drawnText!(c).length), {
            timeout: 10_000,
          })
          .toBeGreaterThan(0);
        for (const label of await textPastEdges(axis)) cut.push(`${interval}, zoomed out ${zoom}×: ${label}`);
        const box = (await pane.boundingBox())!;
        await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 120);
        await nextFrame();
      }
      // Dragged back through the history a few pixels at a time, each label reaches the left edge.
      const box = (await pane.boundingBox())!;
      for (let step = 0; step < 6; step++) {
        await page.mouse.move(box.x + 40, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + 40 + 7 + step, box.y + box.height / 2, { steps: 2 });
        await page.mouse.up();
        await nextFrame();
        for (const label of await textPastEdges(axis))
          cut.push(`${interval}, dragged ${step + 1}×: ${label}`);
      }
    }
    await context.close();
    expect(cut).toEqual([]);
  });
});
