import { describe, expect, it } from 'vitest';
import { lowContrast } from './helpers/contrast';
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
});
