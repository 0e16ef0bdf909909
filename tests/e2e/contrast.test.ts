import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lowContrast, standingApart } from './helpers/contrast';
import { adminCli } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const DEMO_PASSWORD = 'Contrast2026local';
const session = phoneSession({ DEMO_PASSWORD, RATE_LIMIT_PER_MINUTE: '100000' });

// The signed-in screens, each with what must be in before it is read (a figure, a record).
const SCREENS = [
  ['/home', '.coin-list__price'],
  ['/market', '.market-row__price'],
  ['/marketDetail?coinPair=btcusdt', '.stats__grid dd'],
  ['/trade', '[data-testid="trade-last"]'],
  ['/contract', '[data-testid="last-price"]'],
  ['/defi', 'main'],
  ['/assets', 'main'],
  ['/withdraw?coin=USDT', 'form'],
  ['/withdrawAddress/add', 'form'],
  ['/user', 'main'],
  ['/userInfo', 'main'],
  ['/invite', 'main'],
  ['/orderList', 'main'],
  ['/notice', 'main'],
] as const;

/** Signs the demo trader in unless an earlier test has (each test may run alone). */
const signedIn = async (page: Page) => {
  await page.goto('/home');
  if (await page.evaluate(() => localStorage.getItem('user'))) return;
  await page.goto('/login');
  await logIn(page, 'demotrader', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
};

// A banner's title is set over the operator's image, kept readable by a shade and a shadow.
const OVER_IMAGES = '.carousel__title';

describe('contrast', () => {
  it('keeps every text at WCAG’s contrast minimum on the main screens, in the dark and the light theme', async () => {
    const { page } = session;
    await page.goto('/login');
    await logIn(page, 'demotrader', DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const low: string[] = [];
    try {
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const [url, ready] of SCREENS) {
          await page.goto(url);
          await page.locator(ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          for (const found of await lowContrast(page, OVER_IMAGES)) low.push(`${theme} ${url}: ${found}`);
        }
      }
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
    }
    expect(low).toEqual([]);
  }, 180_000);

  it('sets each deposit notice apart from the screen behind it, in the light theme', async () => {
    const { page } = session;
    await signedIn(page);
    const faint: string[] = [];
    try {
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.goto('/recharge?coin=USDT');
      await page.locator('.wallet-notice').first().waitFor();
      // What marks the box's edge, its fill or its border, against what lies under it: a card's
      // white fill gave 1.08, its border 1.2.
      for (const notice of await standingApart(page, '.wallet-notice'))
        if (notice.edge < 1.1) faint.push(`"${notice.text}" ${notice.edge.toFixed(2)}:1`);
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
    }
    expect(faint).toEqual([]);
  });

  it('sets each staking quota bar apart from its card, and its sold part from the rest, in both themes', async () => {
    const { page } = session;
    await signedIn(page);
    const faint: string[] = [];
    try {
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto('/defi');
        await page.locator('.defi-card__quota').first().waitFor();
        // The light theme's gold is 2.7:1 on white: a track apart from both the card and the gold
        // can only be a middle grey, about 1.5:1 from each.
        const fill = theme === 'dark' ? 3 : 1.5;
        for (const bar of await standingApart(page, '.defi-card__quota'))
          if (bar.edge < 1.5 || bar.inner < fill || bar.innerOnUnder < fill)
            faint.push(
              `${theme}: ${bar.text} ${[bar.edge, bar.inner, bar.innerOnUnder].map((x) => x.toFixed(2)).join('/')}`,
            );
      }
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
    }
    expect(faint).toEqual([]);
  });

  it('keeps a failed deposit’s status, its network and a spending’s sign readable in the wallet’s records, in both themes', async () => {
    const { page, server } = session;
    await signedIn(page);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
    const post = async (path: string, body: object) =>
      (
        await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify(body),
        })
      ).json();
    const declared = await post('/api/recharge/submit', { coin: 'USDT', network: 'TRC20', amount: '10' });
    await adminCli(server.dataDir, 'deposits', 'fail', String(declared.data.id), 'deposit_not_received');
    expect(
      (await post('/api/cointransaction/orderbuy', { pair: 'btcusdt', type: 'market', amount: '20' })).code,
    ).toBe(1);
    const low: string[] = [];
    let chips = 0;
    try {
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const [url, ready] of [
          ['/recharge/record', '.badge--bad'],
          ['/assets/detail?coin=USDT', '.record__amount.is-down'],
        ] as const) {
          await page.goto(url);
          await page.locator(ready).first().waitFor();
          for (const found of await lowContrast(page, OVER_IMAGES)) low.push(`${theme} ${url}: ${found}`);
          // A record's network chip keeps its outline on its card (TRC20 on #f0f2f6 melted into it).
          for (const chip of await standingApart(page, '.record__network')) {
            chips++;
            if (chip.edge < 1.2)
              low.push(`${theme} ${url}: network "${chip.text}" ${chip.edge.toFixed(2)}:1`);
          }
        }
      }
    } finally {
      await page.evaluate(() => localStorage.removeItem('theme'));
    }
    expect(low).toEqual([]);
    expect(chips).toBeGreaterThan(0);
  }, 60_000);
});
