import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveOn } from './helpers/browser';
import { brokenFigures } from './helpers/figures';
import { adminCli } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const DEMO_PASSWORD = 'Figures2026demo';
// The demo trader's deposits confirm by themselves a second after they are declared.
const session = phoneSession({ DEMO_PASSWORD, DEMO_DEPOSIT_DELAY_SECONDS: '1' });

/** The figures of /assets drawn over more than one line, or past the screen's edge. */
const brokenWalletFigures = () =>
  brokenFigures(session.page, '.wallet-total__figure, .wallet-coin__value, .wallet-coin__figures dd');

/** The logged-in demo trader declares a deposit, which confirms itself a second later. */
const declareDeposit = async (coin: string, network: string, amount: string) => {
  const { page, server } = session;
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
  const res = await fetch(`${server.url}/api/recharge/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ coin, network, amount }),
  });
  expect((await res.json()).code).toBe(1);
};

/** `look` on a 320 × 640 phone, the page back at 390 px after. */
const atSmallPhone = async (look: () => Promise<void>) => {
  await session.page.setViewportSize({ width: 320, height: 640 });
  try {
    await look();
  } finally {
    await session.page.setViewportSize({ width: 390, height: 844 });
  }
};

describe('/assets holds balances of 10^14 at 390 px', () => {
  it('writes every figure whole, on one line, within the screen, in French and Chinese', async () => {
    const { page, server } = session;
    // USDT on BNB Chain: eight decimal places, as the ledger counts (on TRON it carries six).
    for (const [coin, network] of [
      ['USDT', 'BEP20'],
      ['BTC', 'BTC'],
    ])
      await adminCli(server.dataDir, 'wallet', 'set', coin!, network!, 'maxDeposit=1000000000000000');
    await page.goto('/login');
    await logIn(page, 'demotrader', DEMO_PASSWORD);
    await page.waitForURL('**/home');
    await declareDeposit('USDT', 'BEP20', '99999999999999.99999999');
    await declareDeposit('BTC', 'BTC', '12345678901234.12345678');

    for (const [lang, btc] of [
      ['fr', '12\u202f345\u202f678\u202f901\u202f234,'],
      ['cn', '12,345,678,901,234.'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/assets');
      const figures = page.getByTestId('coin-BTC');
      await expect.poll(() => figures.textContent(), { timeout: 15_000 }).toContain(btc);
      expect(await brokenWalletFigures()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });

  it('keeps a total of 10^19 USDT on one line with its unit at 320 px', async () => {
    const { page } = session;
    await declareDeposit('BTC', 'BTC', '99999999999999.99999999');
    await atSmallPhone(async () => {
      for (const lang of ['es', 'ru']) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await page.goto('/assets');
        const total = page.getByTestId('wallet-total');
        // Twenty whole digits: BTC's 10^14 at its price.
        await expect
          .poll(() => total.textContent(), { timeout: 15_000 })
          .toMatch(/^\d{2}(\D\d{3}){6}\D\d{2} USDT$/);
        // The unit level with the figure, not on a line under it.
        const [figure, unit] = await page.evaluate(() =>
          ['.wallet-total__figure', '.wallet-total__unit'].map((sel) => {
            const r = document.querySelector(sel)!.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom };
          }),
        );
        expect(unit!.top).toBeLessThan(figure!.bottom);
        expect(unit!.bottom).toBeGreaterThan(figure!.top);
        expect(await brokenWalletFigures()).toEqual([]);
      }
    });
  });

  it('fits the balances of 10^14 and their history into /assets/detail at 320 px, every digit shown', async () => {
    const { page } = session;
    await atSmallPhone(async () => {
      for (const [lang, coin, digits] of [
        ['us', 'BTC', '12,345,678,901,234.12345678'],
        ['ru', 'USDT', '99\u00a0999\u00a0999\u00a0999\u00a0999,99999999'],
        ['es', 'BTC', '12.345.678.901.234,12345678'],
      ] as const) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await page.goto(`/assets/detail?coin=${coin}`);
        await expect
          .poll(() => page.locator('.wallet-journal').textContent(), { timeout: 15_000 })
          .toContain(digits);
        // The available balance, its fourteen whole digits and eight places.
        await expect
          .poll(() => page.locator('.wallet-facts dd').first().textContent())
          .toMatch(/^\d{2,3}(\D\d{3}){4}\D\d{8}$/);
        expect(await brokenFigures(page, '.wallet-facts dd, .record__amount')).toEqual([]);
        // Each figure, and each balance under an entry, inside its card's padding.
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll('.wallet-facts dd, .record__amount, .record__balance')]
            .filter((el) => {
              const card = el.closest('.wallet-detail, .wallet-journal')!;
              const right =
                card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
              return el.getBoundingClientRect().right > right + 0.5;
            })
            .map((el) => el.textContent),
        );
        expect(outside).toEqual([]);
      }
    });
  });

  it('brings the history back filtered and as far down as it was, on Back from a deposit opened there', async () => {
    const { page, server } = session;
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
    await page.evaluate(() => localStorage.setItem('lang', 'us'));
    const tickers = (await (await fetch(`${server.url}/api/market/tickers`)).json()).data as Array<{
      pair: string;
      last: string;
    }>;
    const last = Number(tickers.find((t) => t.pair === 'btcusdt')!.last);
    // 25 resting buys: 25 freezes of USDT, more than a page of its history.
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${server.url}/api/cointransaction/orderbuy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({
          pair: 'btcusdt',
          type: 'limit',
          price: (last * 0.97 - i).toFixed(2),
          qty: '0.0001',
        }),
      });
      expect((await res.json()).code).toBe(1);
    }
    await page.goto('/assets/detail?coin=USDT');
    const rows = page.locator('.wallet-journal .record');
    await rows.first().waitFor();
    await page.getByRole('combobox').selectOption(en.app.data.spot_freeze);
    await expect.poll(() => rows.count()).toBe(20);
    await moveOn(page);
    await page.getByRole('button', { name: en.wallet.more }).click();
    await expect.poll(() => rows.count()).toBe(25);
    await moveOn(page);
    await page.getByRole('link', { name: en.wallet.deposit, exact: true }).click();
    await page.waitForURL('**/recharge?coin=USDT');
    await page.goBack();
    await page.waitForURL('**/assets/detail?**');
    await expect.poll(() => rows.count()).toBe(25);
    expect(await page.getByRole('combobox').inputValue()).toBe('app.data.spot_freeze');
  });
});
