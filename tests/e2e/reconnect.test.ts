import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));
const DEMO_PASSWORD = 'Demo2026reconnect';

/** A cycle "minute" of 4 s, so a 1-minute contract settles within the test (from the recorded
 * ticks, as any other). */
const MINUTE_MS = 4000;

// The demo trader (verified, funded on first start) with a password the test knows.
const session = phoneSession({ DEMO_PASSWORD, CONTRACT_MINUTE_MS: String(MINUTE_MS) });

const token = () => session.page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token as string);

/** A REST call made from the test (not the page), which the page's network state does not touch. */
const call = async <T>(url: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${session.server.url}/api${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', token: await token() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  expect(env.msg).toBe('app.msg.success');
  return env.data;
};

const available = () => session.page.getByTestId('available').textContent();
const banner = () => session.page.getByTestId('connection-banner');

describe('/trade while the connection misbehaves', () => {
  // A test that fails offline must not leave the next one offline.
  afterEach(() => session.context.setOffline(false));

  it('logs in on /trade, live', async () => {
    const { page } = session;
    await page.goto('/trade');
    await page.waitForURL('**/login?redirect=%2Ftrade');
    await logIn(page, 'demotrader', DEMO_PASSWORD);
    await page.waitForURL('**/trade');
    await page.getByTestId('book-asks').locator('li').first().waitFor();
    await expect.poll(available).toContain('10,000');
    expect(await banner().count()).toBe(0);
  });

  it('shows an order placed and cancelled elsewhere while the phone was offline, once it is back', async () => {
    const { page, context } = session;
    await context.setOffline(true);
    await banner().waitFor({ timeout: 5_000 });
    // Placed and cancelled by the same account elsewhere (another device) while this one is offline.
    const depth = await call<{ bids: [string, string][] }>('/market/depth?pair=btcusdt&limit=1');
    const price = String(Math.floor(Number(depth.bids[0]![0]) * 0.98));
    const placed = await call<{ id: number }>('/cointransaction/orderbuy', {
      pair: 'btcusdt',
      type: 'limit',
      price,
      qty: '0.01',
    });
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('open-order').count()).toBe(0);
    await context.setOffline(false);
    await page.getByTestId('open-order').first().waitFor({ timeout: 10_000 });
    await banner().waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(available, { timeout: 10_000 }).not.toContain('10,000.00');
    await context.setOffline(true);
    await banner().waitFor({ timeout: 5_000 });
    await call('/cointransaction/cancel', { id: placed.id });
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('open-order').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(available, { timeout: 10_000 }).toContain('10,000');
  });

  it('says the connection is lost while the server restarts, and goes live again after it', async () => {
    const { page, server } = session;
    const last = () => page.getByTestId('trade-last').textContent();
    await server.halt();
    await banner().waitFor({ timeout: 10_000 });
    await expect.poll(() => banner().innerText(), { timeout: 15_000 }).toContain(en.connection.lost);
    await server.resume();
    await banner().waitFor({ state: 'detached', timeout: 20_000 });
    // The ticks come again on the socket: the last price moves, and the book is there.
    const before = await last();
    await expect.poll(last, { timeout: 20_000 }).not.toBe(before);
    expect(await page.getByTestId('book-bids').locator('li').count()).toBeGreaterThan(0);
    await expect.poll(available).toContain('10,000');
  });
});

describe('a timed contract running while the connection misbehaves', () => {
  afterEach(() => session.context.setOffline(false));

  /** Opens a 1-minute contract of 10 USDT from /contract, and its countdown sheet. */
  const openOneMinute = async () => {
    const { page } = session;
    await page.goto('/contract');
    await expect.poll(() => page.getByTestId('last-price').innerText(), { timeout: 20_000 }).not.toBe('—');
    await page.getByRole('button', { name: /^1 min/ }).click();
    await page.getByLabel(en.contract.amount.replace('{{asset}}', 'USDT')).fill('10');
    await page.getByRole('button', { name: en.app.data.contract_up }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByTestId('countdown').waitFor();
    return sheet;
  };
  const result = new RegExp(
    [en.contract.result.win, en.contract.result.loss, en.contract.result.tie].join('|'),
  );

  it('shows the result of a contract that closed while the phone was offline, once it is back', async () => {
    const sheet = await openOneMinute();
    await session.context.setOffline(true);
    await banner().waitFor({ timeout: 5_000 });
    // The countdown goes on without the network, on the server's clock as last read, to the close.
    await sheet.getByText(en.contract.sheet.settling).waitFor({ timeout: 10_000 });
    await session.page.waitForTimeout(2000);
    await session.context.setOffline(false);
    await expect
      .poll(() => sheet.getByTestId('contract-result').innerText(), { timeout: 15_000 })
      .toMatch(result);
    await banner().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows the result of a contract that closed while the server restarted', async () => {
    const sheet = await openOneMinute();
    await session.server.halt();
    await expect.poll(() => banner().innerText(), { timeout: 15_000 }).toContain(en.connection.lost);
    await sheet.getByText(en.contract.sheet.settling).waitFor({ timeout: 10_000 });
    await session.server.resume();
    // Settled by the server's sweeper on its way up, from the ticks it recorded.
    await expect
      .poll(() => sheet.getByTestId('contract-result').innerText(), { timeout: 30_000 })
      .toMatch(result);
    await banner().waitFor({ state: 'detached', timeout: 20_000 });
  });
});

describe('the customer-service thread while the server restarts', () => {
  it('says the connection is lost without a toast at every poll, and shows a reply written meanwhile once', async () => {
    const { page, server } = session;
    await page.goto('/service');
    await page.getByLabel(en.service.message).fill('Is anyone there?');
    await page.getByRole('button', { name: en.service.send }).click();
    await page.getByText('Is anyone there?').waitFor();
    const userId = /user (\d+) \(demotrader\)/.exec(
      await adminCli(server.dataDir, 'service', 'threads'),
    )?.[1];
    expect(userId).toBeDefined();

    await server.halt();
    await expect.poll(() => banner().innerText(), { timeout: 15_000 }).toContain(en.connection.messagesLost);
    // Written from the operator's command line while the server is down.
    await adminCli(server.dataDir, 'service', 'reply', userId!, 'We are back in a moment.');
    // Two polls' worth of failed reads: said by the banner, not toasted at each.
    await page.waitForTimeout(11_000);
    expect(await page.locator('.toast', { hasText: en.app.msg.network_error }).count()).toBe(0);

    await server.resume();
    await page.getByText('We are back in a moment.').waitFor({ timeout: 20_000 });
    await banner().waitFor({ state: 'detached', timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(await page.getByText('We are back in a moment.').count()).toBe(1);
    expect(await page.getByText('Is anyone there?').count()).toBe(1);
  });
});
