import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const DEMO_PASSWORD = 'Stake2026demo';
/** Where to save screenshots of the screens, when set (for a person to look at). */
const SHOTS = process.env.E2E_SCREENSHOTS;

// The staking test clock is on for this server (and for the CLI below) only.
const session = phoneSession({ DEMO_PASSWORD, DEFI_TEST_CLOCK: 'true' });

afterAll(() => {
  delete process.env.DEFI_TEST_CLOCK;
});

const shot = async (name: string) => {
  if (SHOTS) await session.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const balances = () =>
  session.page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('user') ?? '{}').token as string;
    const res = await fetch('/api/assets/balances', { headers: { token } });
    const body = (await res.json()) as { data: Array<{ asset: string; available: string; frozen: string }> };
    return body.data.find((b) => b.asset === 'USDT');
  });

const accrue = (days: number) => adminCli(session.server.dataDir, 'defi', 'accrue', '--days', String(days));

describe('staking in a real browser', () => {
  it('logs in and lists the products with their terms', async () => {
    await session.page.goto('/defi');
    await session.page.waitForURL('**/login?redirect=%2Fdefi');
    await logIn(session.page, 'demotrader', DEMO_PASSWORD);
    await session.page.waitForURL('**/defi');
    const card = session.page.getByRole('article', { name: 'USDT Saver 7' });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('7.30%');
    expect(await card.innerText()).toContain('1,000,000.00\u00a0USDT');
    await shot('defi');
  });

  it('sees the projected earnings, confirms and finds the pledge earning', async () => {
    await session.page
      .getByRole('link', { name: en.defi.pledgeProduct.replace('{{name}}', 'USDT Saver 7') })
      .click();
    await session.page.waitForURL('**/defi/detail?id=*');
    await session.page.getByLabel(en.defi.amount.replace('{{asset}}', 'USDT')).fill('1000');
    // 1000 × 0.02 % = 0.2 a day, 1.4 over the 7 days.
    const projection = session.page.locator('.defi-projection');
    await expect.poll(() => projection.innerText()).toContain('0.20\u00a0USDT');
    expect(await projection.innerText()).toContain('1.40\u00a0USDT');
    await shot('defi-detail');
    await session.page.getByRole('button', { name: en.defi.pledgeNow }).click();
    const dialog = session.page.getByRole('dialog', { name: en.defi.confirmTitle });
    await dialog.getByRole('button', { name: en.defi.confirm }).click();
    await session.page.waitForURL('**/defi/pledgeRecord');
    await session.page
      .getByText(en.defi.daysOf_other.replace('{{paid}}', '0').replace('{{days}}', '7'))
      .waitFor();
    expect(await balances()).toEqual({ asset: 'USDT', available: '9000.00000000', frozen: '1000.00000000' });
  });

  it('keeps the product cards where they first appear when the income above them comes later', async () => {
    const { page } = session;
    // Signed in unless this test runs alone.
    await page.goto('/home');
    if (!(await page.evaluate(() => localStorage.getItem('user')))) {
      await page.goto('/login');
      await logIn(page, 'demotrader', DEMO_PASSWORD);
      await page.waitForURL('**/home');
    }
    // The income is answered after the products have come and had time to be drawn.
    const productsIn = page.waitForResponse('**/api/defi/products');
    await page.route('**/api/defi/earnings', async (route) => {
      await productsIn;
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    try {
      await page.goto('/defi');
      await page.getByRole('article', { name: 'USDT Saver 7' }).waitFor();
      await page.locator('.defi-summary, .defi-summary__empty').first().waitFor();
      const moved = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            new PerformanceObserver((list) => {
              const shifts = list.getEntries() as unknown as {
                value: number;
                sources: { node: Node | null }[];
              }[];
              resolve(
                shifts.flatMap((shift) =>
                  shift.sources
                    .map((s) => (s.node instanceof Element ? s.node : s.node?.parentElement))
                    .filter((el) => el?.closest('.defi-list'))
                    .map((el) => `${el!.className} ${shift.value.toFixed(3)}`),
                ),
              );
            }).observe({ type: 'layout-shift', buffered: true });
            // No shift at all is no entry: the observer is not called.
            setTimeout(() => resolve([]), 500);
          }),
      );
      expect(moved).toEqual([]);
    } finally {
      await page.unroute('**/api/defi/earnings');
    }
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
    expect(await adminCli(session.server.dataDir, 'defi', 'accrue')).toContain('released 0 day(s)');
    await session.page.goto('/defi/incomeRecord');
    await session.page.getByText('+0.20 USDT').waitFor();
    expect(await session.page.locator('.defi-income__row').count()).toBe(1);
    // The release names its pledge by its amount, and its day of the cycle.
    await session.page.getByText(/^Pledge of 1,000\.00\sUSDT · Day 1 of 7 ·/).waitFor();
    await shot('defi-income');
    await session.page.goto('/defi/pledgeRecord');
    await session.page
      .getByText(en.defi.daysOf_other.replace('{{paid}}', '1').replace('{{days}}', '7'))
      .waitFor();
    await shot('defi-pledge-record');
    expect(await balances()).toEqual({ asset: 'USDT', available: '9000.20000000', frozen: '1000.00000000' });
  });

  it('returns the principal at maturity and shows the pledge settled', async () => {
    expect(await accrue(6)).toContain('released 6 day(s) of income, settled 1');
    expect(await balances()).toEqual({ asset: 'USDT', available: '10001.40000000', frozen: '0.00000000' });
    await session.page.goto('/defi/pledgeRecord');
    await session.page.getByRole('tab', { name: en.app.data.pledge_settled }).click();
    await session.page
      .getByText(en.defi.daysOf_other.replace('{{paid}}', '7').replace('{{days}}', '7'))
      .waitFor();
    await session.page.goto('/defi/incomeRecord');
    await expect.poll(() => session.page.locator('.defi-income__row').count()).toBe(7);
    await session.page.goto('/defi');
    const summary = session.page.getByLabel(en.defi.earningsOf.replace('{{asset}}', 'USDT'));
    // A plain space: in half the card the unit may go under its figure.
    await expect.poll(() => summary.innerText()).toContain('1.40 USDT');
  });

  it('fills in no more for Max than one pledge may be, and the form takes it', async () => {
    // USDT Saver 30, its per-pledge maximum set under the reader's 10,001.40 USDT.
    await adminCli(session.server.dataDir, 'defi', 'set', '2', 'maxAmount=2000');
    try {
      await session.page.goto('/defi/detail?id=2');
      await session.page.getByRole('button', { name: en.defi.max }).click();
      const amount = session.page.getByLabel(en.defi.amount.replace('{{asset}}', 'USDT'));
      await expect.poll(() => amount.inputValue()).toBe('2000.00000000');
      await session.page.getByRole('button', { name: en.defi.pledgeNow }).click();
      await session.page.getByRole('dialog', { name: en.defi.confirmTitle }).waitFor();
    } finally {
      await adminCli(session.server.dataDir, 'defi', 'set', '2', 'maxAmount=100000');
    }
  });

  it('says what is left of the quota beside an amount over it, opening no confirmation', async () => {
    // USDT Saver 90 with 1,500 USDT left: 1,600 is within its 1,000 – 200,000 per pledge.
    await adminCli(session.server.dataDir, 'defi', 'set', '3', 'totalQuota=1500');
    try {
      await session.page.goto('/defi/detail?id=3');
      await session.page.getByLabel(en.defi.amount.replace('{{asset}}', 'USDT')).fill('1600');
      await session.page.getByRole('button', { name: en.defi.pledgeNow }).click();
      const left = en.defi.quotaLeft.replace('{{amount}}', '1,500.00\u00a0USDT');
      await session.page.getByText(`${en.app.msg.investment_exceeds_limit} (${left})`).waitFor();
      expect(await session.page.getByRole('dialog').count()).toBe(0);
    } finally {
      await adminCli(session.server.dataDir, 'defi', 'set', '3', 'totalQuota=3000000');
    }
  });

  it('keeps a long figure of the staking summary on one line at 320 px', async () => {
    const { page } = session;
    const made = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('user') ?? '{}').token as string;
      const res = await fetch('/api/defi/pledge', {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: 1, amount: '2100.00000001' }),
      });
      return ((await res.json()) as { msg: string }).msg;
    });
    expect(made).toBe('app.msg.success');
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      await page.goto('/defi');
      const pledged = page
        .getByLabel(en.defi.earningsOf.replace('{{asset}}', 'USDT'))
        .locator('dd')
        .filter({ hasText: '2,100.00000001' });
      await pledged.waitFor();
      // The lines the figure's characters are laid on: broken inside its digits, "2,100.0000000"
      // over "1 USDT" read as two amounts.
      const lines = await pledged.evaluate((dd, figure) => {
        const range = document.createRange();
        const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
        let left = figure.length;
        range.setStart(dd, 0);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (length >= left) {
            range.setEnd(node, left);
            break;
          }
          left -= length;
        }
        return new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
        ).size;
      }, '2,100.00000001');
      expect(lines).toBe(1);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('shows the help centre, a notice and the service thread', async () => {
    await session.page.goto('/help');
    await session.page.getByRole('link', { name: 'How staking works' }).click();
    await session.page.getByRole('heading', { name: 'How staking works', level: 2 }).waitFor();
    await shot('help-detail');
    await session.page.goto('/notice');
    await session.page.locator('.link-list__item').first().click();
    await session.page.waitForURL('**/noticeDetail?id=*');
    await session.page.locator('.document__title').waitFor();
    await session.page.goto('/service');
    await session.page.getByLabel(en.service.message).fill('Hello, when is my income paid?');
    await session.page.getByRole('button', { name: en.service.send }).click();
    await session.page.getByText('Hello, when is my income paid?').waitFor();
    expect(await adminCli(session.server.dataDir, 'service', 'threads')).toContain('WAITING');
    await shot('service');
  });

  it('shows customer service’s answer in every open tab as it is written, without asking for it', async () => {
    const threads = await adminCli(session.server.dataDir, 'service', 'threads');
    const userId = /user (\d+) \(demotrader\)/.exec(threads)?.[1];
    expect(userId, threads).toBeDefined();
    // A second tab of the same reader, its socket subscribed to the thread's channel.
    const tab = await session.context.newPage();
    const subscribed = new Promise<void>((resolve) =>
      tab.on('websocket', (ws) =>
        ws.on('framesent', ({ payload }) => {
          if (String(payload).includes('"sub"') && String(payload).includes('"service"')) resolve();
        }),
      ),
    );
    await tab.goto('/service');
    await tab.getByText('Hello, when is my income paid?').waitFor();
    await subscribed;
    const reads: string[] = [];
    for (const page of [session.page, tab])
      page.on('request', (r) => {
        if (r.url().includes('/api/service/messages')) reads.push(r.url());
      });

    await adminCli(
      session.server.dataDir,
      'service',
      'reply',
      userId!,
      'Income is paid daily at midnight UTC.',
    );
    // The socket is up, so nothing polls: the answer comes pushed, well inside a poll's 5 s.
    for (const page of [session.page, tab])
      await page.getByText('Income is paid daily at midnight UTC.').waitFor({ timeout: 2000 });
    expect(reads).toEqual([]);

    // What the reader writes in one tab shows in the other.
    await tab.getByLabel(en.service.message).fill('Thank you!');
    await tab.getByRole('button', { name: en.service.send }).click();
    await session.page.getByText('Thank you!').waitFor({ timeout: 2000 });
    expect(reads).toEqual([]);
    await tab.close();
  });
});
