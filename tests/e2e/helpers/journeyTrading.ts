import { expect } from 'vitest';
import type { ContractInfo, ContractOrder } from '../../../protocol/contracts';
import type { Deposit } from '../../../protocol/wallet';
import type { SpotOrderDetail, SpotOrderView, SpotPairRules } from '../../../protocol/spot';
import {
  LIVE_MS,
  api,
  countRequests,
  escapeRegExp,
  expectAssetsScreen,
  expectBalances,
  path_,
  tapTab,
  type Journey,
} from './journey';
import { fixed, floorTo, plain, shownUnits, times, timesUp, units } from './money';
import { adminCli } from './operator';

/** The figures the journey moves: odd enough that a rounding anywhere would show. */
const AMOUNTS = {
  // Six places: USDT on TRON carries no more.
  deposit: '1250.123456',
  limitQty: '0.00105',
  marketSpend: '100.55',
  contract: '12.34567891',
};

/** What the journey learnt from the server on the way, for the record screens at the end. */
export interface Trail {
  deposit?: Deposit;
  limitOrder?: SpotOrderView;
  marketOrder?: SpotOrderDetail;
  contract?: ContractOrder;
}

const orderDetail = (j: Journey, id: number) => api<SpotOrderDetail>(j, `/cointransaction/detail?id=${id}`);

/** Declares a deposit from /assets; the operator confirms it on the command line, and the balance
 * on /assets grows by exactly the amount. */
export const depositUsdt = async (j: Journey, trail: Trail) => {
  const { page, t } = j;
  await tapTab(j, 'assets');
  await page.waitForURL('**/assets');
  await page.getByRole('link', { name: t('wallet.deposit'), exact: true }).click();
  await page.waitForURL('**/recharge/select');
  // The coin's own row: until the new screen has rendered, the old one's coin links are still shown.
  await page.locator('a.wallet-pick[href="/recharge?coin=USDT"]').click();
  await page.waitForURL('**/recharge?coin=USDT');
  await expect.poll(() => page.getByTestId('deposit-address').textContent()).toMatch(/^T\w{33}$/);
  await page.getByLabel(t('recharge.amount')).fill(AMOUNTS.deposit);
  await page.getByRole('button', { name: t('recharge.submit') }).click();
  await page.waitForURL(/\/recharge\/result\?id=\d+$/);
  await page.getByRole('heading', { name: t('recharge.resultTitle'), level: 2 }).waitFor();
  // The result screen moves on to the records by itself.
  await page.waitForURL('**/recharge/record', { timeout: LIVE_MS });
  const record = page.getByTestId('deposit-record');
  await record.getByText(t('app.data.deposit_pending')).waitFor();
  await expectBalances(j);

  const list = await adminCli(j.server.dataDir, 'deposits', 'list');
  const id = /#(\d+) pending user \d+ /.exec(list)?.[1];
  expect(id, list).toBeDefined();
  expect(await adminCli(j.server.dataDir, 'deposits', 'confirm', id!)).toContain(`#${id} success`);
  // The records follow a deposit under way by themselves.
  await record.getByText(t('app.data.deposit_success')).waitFor({ timeout: LIVE_MS });
  const [deposit] = await api<Deposit[]>(j, '/recharge/list');
  expect(deposit).toMatchObject({ id: Number(id), status: 'success' });
  expect(units(deposit!.amount)).toBe(units(AMOUNTS.deposit));
  expect(units(deposit!.creditedAmount!)).toBe(units(AMOUNTS.deposit));
  trail.deposit = deposit;
  j.ledger.credit('USDT', units(AMOUNTS.deposit));
  await expectBalances(j);
  await page.goto('/assets');
  await expectAssetsScreen(j);
};

/** A limit buy well under the market, double-tapped: one request, one order resting, its amount
 * frozen. */
export const placeLimitBuy = async (j: Journey, trail: Trail) => {
  const { page, t } = j;
  await tapTab(j, 'trade');
  await page.waitForURL('**/trade');
  await page.getByTestId('book-asks').locator('li').first().waitFor({ timeout: LIVE_MS });
  await expect
    .poll(async () => fixed(shownUnits((await page.getByTestId('available').textContent()) ?? '', j.tag)))
    .toBe(fixed(j.ledger.of('USDT').available));
  const lastText = () => page.getByTestId('trade-last').textContent();
  await expect.poll(lastText, { timeout: LIVE_MS }).toMatch(/\d/);
  const last = shownUnits((await lastText()) ?? '', j.tag);
  // 4 % under the last price: inside the 5 % band, far from any fill while the journey lasts.
  const price = plain(floorTo((last * 96n) / 100n, 2));
  await page.getByLabel(t('trade.price', { coin: 'USDT' })).fill(price);
  await page.getByLabel(t('trade.qty', { coin: 'BTC' })).fill(AMOUNTS.limitQty);
  // The form shows exactly the amount the order will freeze, with the reader's decimal mark.
  const cost = times(price, AMOUNTS.limitQty);
  const mark = new Intl.NumberFormat(j.tag).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
  await expect
    .poll(() => page.getByLabel(t('trade.amount', { coin: 'USDT' })).inputValue())
    .toBe(plain(cost).replace('.', mark));

  const sent = countRequests(j, 'POST', '/api/cointransaction/orderbuy');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/cointransaction/orderbuy'));
  await page.getByRole('button', { name: t('trade.buyCoin', { coin: 'BTC' }) }).dblclick();
  const order = ((await (await placed).json()) as { data: SpotOrderView }).data;
  await page.getByTestId('open-order').first().waitFor();
  expect(await page.getByTestId('open-order').count()).toBe(1);
  const open = await api<{ list: SpotOrderView[] }>(j, '/cointransaction/list?tab=open');
  expect(open.list.map((o) => o.id)).toEqual([order.id]);
  expect(sent()).toBe(1);

  const detail = await orderDetail(j, order.id);
  expect(detail).toMatchObject({ status: 'app.data.order_pending', type: 'limit', side: 'buy' });
  expect(units(detail.price!)).toBe(units(price));
  expect(units(detail.filledQty)).toBe(0n);
  expect(units(detail.amount!)).toBe(cost);
  trail.limitOrder = detail;
  j.ledger.freeze('USDT', cost);
  await expectBalances(j);
};

/** A market buy for an amount: filled at once against the house; the balances move by exactly the
 * deal amount and the quantity less the taker fee, each fill's fee rounded up to the ledger unit. */
export const placeMarketBuy = async (j: Journey, trail: Trail) => {
  const { page, t } = j;
  await page.getByRole('button', { name: t('trade.market'), exact: true }).click();
  await page.getByLabel(t('trade.amount', { coin: 'USDT' })).fill(AMOUNTS.marketSpend);
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/cointransaction/orderbuy'));
  await page.getByRole('button', { name: t('trade.buyCoin', { coin: 'BTC' }) }).click();
  const { id } = ((await (await placed).json()) as { data: SpotOrderView }).data;
  const rules = await api<SpotPairRules>(j, '/cointransaction/rules?pair=btcusdt');
  await expect.poll(async () => (await orderDetail(j, id)).status).toBe('app.data.order_completed');
  const order = await orderDetail(j, id);
  expect(order.fills.length).toBeGreaterThan(0);
  expect(order.feeAsset).toBe('BTC');
  let fee = 0n;
  let qty = 0n;
  let quote = 0n;
  for (const fill of order.fills) {
    expect(fill.role).toBe('taker');
    expect(units(fill.fee)).toBe(timesUp(fill.qty, rules.takerFee));
    expect(units(fill.amount)).toBe(times(fill.price, fill.qty));
    fee += units(fill.fee);
    qty += units(fill.qty);
    quote += units(fill.amount);
  }
  expect([units(order.fee), units(order.filledQty), units(order.filledAmount)]).toEqual([fee, qty, quote]);
  expect(quote > 0n && quote <= units(AMOUNTS.marketSpend)).toBe(true);
  trail.marketOrder = order;
  j.ledger.debit('USDT', quote);
  j.ledger.credit('BTC', qty - fee);
  await expectBalances(j);
  // The fill shows as a print in the recent trades.
  await page.getByRole('tab', { name: t('trade.trades') }).click();
  await page.getByTestId('trade-list').locator('tbody tr').first().waitFor();
};

/** The server goes away (its process stops, closing every socket) and comes back at the same
 * address: /trade says it is reconnecting, then live prices resume, all without a reload. */
export const survivesServerRestart = async (j: Journey) => {
  const { page, t } = j;
  // A mark on the window object: a reload would wipe it.
  const marked = () => page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark);
  await page.evaluate(() => {
    (window as unknown as { journeyMark?: string }).journeyMark = 'same page load';
  });
  const banner = page.getByTestId('connection-banner');
  const last = page.getByTestId('trade-last');
  const book = page.getByTestId('book-asks').locator('li');
  expect(await banner.count()).toBe(0);

  await j.server.halt();
  try {
    await banner.waitFor({ timeout: LIVE_MS });
    expect(await banner.innerText()).toContain(t('connection.reconnecting'));
    // The polls get no answer either: the banner no longer says prices still update.
    await expect.poll(() => banner.innerText(), { timeout: LIVE_MS }).toContain(t('connection.lost'));
  } finally {
    // Back up whatever happened, so one failure here does not take the rest of the journey down.
    await j.server.resume();
  }
  await banner.waitFor({ state: 'detached', timeout: LIVE_MS });
  const before = await last.textContent();
  await expect.poll(() => last.textContent(), { timeout: LIVE_MS, interval: 200 }).not.toBe(before);
  await expect.poll(() => book.count(), { timeout: LIVE_MS }).toBeGreaterThanOrEqual(5);
  // Still the same document: no reload happened.
  expect(await marked()).toBe('same page load');
  expect(path_(j)).toBe('/trade');
  // The resting order came back with the server, its funds still frozen.
  await page.getByRole('tab', { name: t('trade.openOrders') }).click();
  await expect.poll(() => page.getByTestId('open-order').count(), { timeout: LIVE_MS }).toBe(1);
  await expectBalances(j);
};

/** A 1-minute up contract: the amount leaves at the open, the countdown runs, the result and its
 * receipt show without a reload, and exactly the payout the receipt states comes back. */
export const contractSettles = async (j: Journey, trail: Trail) => {
  const { page, t } = j;
  await tapTab(j, 'contract');
  await page.waitForURL('**/contract');
  await expect.poll(() => page.getByTestId('last-price').innerText(), { timeout: LIVE_MS }).not.toBe('—');
  const info = await api<ContractInfo>(j, '/contract/info');
  const cycle = info.pairs.find((p) => p.pair === 'btcusdt')!.cycles.find((c) => c.minutes === 1)!;
  const minute = new RegExp(`^${escapeRegExp(t('contract.cycleMinutes', { count: 1 }))}`);
  await page.getByRole('button', { name: minute }).click();
  await page.getByLabel(t('contract.amount', { asset: 'USDT' })).fill(AMOUNTS.contract);
  // Profit of a win: amount × rate, rounded down to the ledger unit.
  const profit = (units(AMOUNTS.contract) * units(cycle.rate)) / units('100');
  await expect
    .poll(async () => fixed(shownUnits(await page.getByTestId('expected').innerText(), j.tag)))
    .toBe(fixed(profit));

  const placed = page.waitForResponse((r) => r.url().endsWith('/api/contract/order'));
  await page.getByRole('button', { name: t('app.data.contract_up'), exact: true }).click();
  const opened = ((await (await placed).json()) as { data: ContractOrder }).data;
  expect(opened).toMatchObject({ direction: 'up', cycle: 1, status: 'pending' });
  expect(units(opened.amount)).toBe(units(AMOUNTS.contract));
  j.ledger.debit('USDT', units(AMOUNTS.contract));
  await expectBalances(j);

  const sheet = page.getByRole('dialog');
  await sheet.getByTestId('countdown').waitFor();
  const result = sheet.getByTestId('contract-result');
  await result.waitFor({ timeout: LIVE_MS });
  const settled = await api<ContractOrder>(j, `/contract/detail?id=${opened.id}`);
  expect(settled.status).toBe('completed');
  const expectedPayout = {
    win: units(AMOUNTS.contract) + profit,
    loss: 0n,
    tie: units(AMOUNTS.contract),
    void: units(AMOUNTS.contract),
  }[settled.result!];
  expect(units(settled.payout!)).toBe(expectedPayout);
  expect(units(settled.profit!)).toBe(expectedPayout - units(AMOUNTS.contract));
  expect(await result.innerText()).toContain(t(`contract.result.${settled.result}`));
  trail.contract = settled;
  j.ledger.credit('USDT', expectedPayout);
  await expectBalances(j);

  await sheet.getByRole('link', { name: t('contract.sheet.receipt') }).click();
  await page.waitForURL(`**/contractList?id=${opened.id}`);
  const receipt = page.getByTestId('receipt');
  await receipt.getByLabel(t('contractList.closeTick')).waitFor();
  expect(await receipt.getByLabel(t('contractList.openTick')).innerText()).toContain(
    `#${settled.openTick.id}`,
  );
  expect(await receipt.getByLabel(t('contractList.closeTick')).innerText()).toContain(
    `#${settled.closeTick!.id}`,
  );
  expect(settled.closeTick!.ts).toBeLessThanOrEqual(settled.closeAt);
};
