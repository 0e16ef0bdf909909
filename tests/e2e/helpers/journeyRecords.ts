import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { pluralKey } from '../../../src/i18n/plural';
import type { FinancPage } from '../../../protocol/assets';
import type { Notice } from '../../../protocol';
import {
  LIVE_MS,
  acknowledgePopups,
  api,
  apiCall,
  escapeRegExp,
  expectAssetsScreen,
  expectBalances,
  type Journey,
} from './journey';
import type { Trail } from './journeyTrading';
import type { WalletTrail } from './journeyWallet';
import { fixed, shownUnits, units } from './money';

const ROWS = {
  record: { row: '.record__row', label: '.record__label', value: '.record__value' },
  kv: { row: '.kv__row', label: 'dt', value: 'dd' },
} as const;

/** The value next to a label in a list of label/value rows: the label matched whole, since a
 * label may well read like another row's value (German "Ausgeführt" is both). */
const valueOf = (scope: Locator, kind: keyof typeof ROWS, label: string) => {
  const { row, label: labelCell, value } = ROWS[kind];
  const exact = new RegExp(`^${escapeRegExp(label)}$`);
  return scope
    .locator(row)
    .filter({ has: scope.page().locator(labelCell, { hasText: exact }) })
    .locator(value);
};

const shown = async (j: Journey, value: Locator) => fixed(shownUnits(await value.innerText(), j.tag));

export const assetsAndWalletRecords = async (j: Journey, trail: Trail & WalletTrail) => {
  const { page, t } = j;
  await page.goto('/assets');
  await expectBalances(j);
  await expectAssetsScreen(j);

  await page.getByRole('link', { name: t('route.recharge_record') }).click();
  await page.waitForURL('**/recharge/record');
  const deposit = page.getByTestId('deposit-record');
  await deposit.getByText(t('app.data.deposit_success')).waitFor();
  expect(await deposit.count()).toBe(1);
  expect(await shown(j, valueOf(deposit, 'record', t('recharge.amount')))).toBe(
    fixed(units(trail.deposit!.amount)),
  );
  expect(await shown(j, valueOf(deposit, 'record', t('recharge.credited')))).toBe(
    fixed(units(trail.deposit!.amount)),
  );

  await page.goto('/withdraw/record');
  const withdrawal = page.getByTestId('withdraw-record');
  await withdrawal.getByText(t('app.data.withdraw_success')).waitFor();
  expect(await withdrawal.count()).toBe(1);
  const w = trail.withdrawal!;
  expect(
    await Promise.all(
      ['withdraw.amount', 'withdraw.fee', 'withdraw.received'].map((k) =>
        shown(j, valueOf(withdrawal, 'record', t(k))),
      ),
    ),
  ).toEqual([w.amount, trail.fee!, w.received].map((v) => fixed(units(v))));
  expect(units(w.received)).toBe(units(w.amount) - units(trail.fee!));
};

/** The financial records (the journal of each coin): the changes add up to the balances exactly,
 * and /assets/detail shows the journal down to the balance after the last change. */
export const financialRecords = async (j: Journey) => {
  const { page, t } = j;
  for (const asset of j.ledger.assets()) {
    const page1 = await api<FinancPage>(j, `/assets/financ?asset=${asset}&size=100`);
    expect(page1.total).toBe(page1.list.length);
    const sum = (k: 'availableChange' | 'frozenChange') =>
      fixed(page1.list.reduce((acc, e) => acc + units(e[k]), 0n));
    const { available, frozen } = j.ledger.of(asset);
    expect([sum('availableChange'), sum('frozenChange')]).toEqual([fixed(available), fixed(frozen)]);
    expect([page1.list[0]!.availableAfter, page1.list[0]!.frozenAfter]).toEqual([
      fixed(available),
      fixed(frozen),
    ]);

    await page.goto(`/assets/detail?coin=${asset}`);
    const rows = page.locator('.wallet-journal .record');
    await expect.poll(() => rows.count(), { timeout: LIVE_MS }).toBe(Math.min(page1.total, 20));
    // The figures shown as money in or out add up to the whole balance: a freeze, shown as set
    // aside, is not counted again when the frozen funds are spent.
    if (page1.total <= 20) {
      const moved = await rows.locator('.record__amount:not(.is-held)').allInnerTexts();
      const whole = moved.reduce((acc, s) => acc + shownUnits(s, j.tag), 0n);
      expect(fixed(whole)).toBe(fixed(available + frozen));
    }
    const after = await rows.first().locator('.record__balance').first().innerText();
    expect(after.startsWith(t('wallet.after'))).toBe(true);
    expect(fixed(shownUnits(after.slice(t('wallet.after').length), j.tag))).toBe(fixed(available));
    // "…" until the live balances arrive.
    const facts = page.locator('.wallet-facts dd');
    await expect.poll(() => facts.first().innerText(), { timeout: LIVE_MS }).toMatch(/\d/);
    expect((await facts.allInnerTexts()).slice(0, 2).map((s) => fixed(shownUnits(s, j.tag)))).toEqual([
      fixed(available),
      fixed(frozen),
    ]);
  }
};

export const tradingRecords = async (j: Journey, trail: Trail & WalletTrail) => {
  const { page, t } = j;
  await page.goto('/orderList');
  await page.getByRole('tab', { name: t('orders.tabs.all') }).click();
  const cards = page.getByTestId('order-card');
  await expect.poll(() => cards.count(), { timeout: LIVE_MS }).toBe(2);
  expect(await cards.nth(0).textContent()).toContain(t('app.data.order_completed'));
  expect(await cards.nth(1).textContent()).toContain(t('app.data.order_pending'));
  await cards.nth(0).click();
  const detail = page.getByTestId('order-detail');
  // A fill's row has cells; a day's date heads its fills in a row of its own.
  const fills = detail.locator('tbody tr:has(td)');
  await fills.first().waitFor();
  const market = trail.marketOrder!;
  expect(await fills.count()).toBe(market.fills.length);
  expect(await shown(j, valueOf(detail, 'kv', t('orders.fee')))).toBe(fixed(units(market.fee)));
  expect(await valueOf(detail, 'kv', t('orders.fee')).innerText()).toMatch(/ BTC$/);
  expect(await shown(j, valueOf(detail, 'kv', t('orders.dealAmount')))).toBe(
    fixed(units(market.filledAmount)),
  );
  expect(await shown(j, valueOf(detail, 'kv', t('orders.filled')))).toBe(fixed(units(market.filledQty)));
  await detail.getByRole('button', { name: t('common.close') }).click();

  const contract = trail.contract!;
  await page.goto('/contractList');
  await page.getByRole('tab', { name: t('contractList.settled') }).click();
  const row = page.locator(`[data-contract="${contract.id}"]`);
  await row.waitFor({ timeout: LIVE_MS });
  const pnl = await row.locator('.pnl').innerText();
  expect(pnl.startsWith(t(contract.resultname!))).toBe(true);
  // A win or a loss shows its profit; a tie or a void what it refunded.
  const refunded = contract.result === 'tie' || contract.result === 'void';
  expect(fixed(shownUnits(pnl.slice(t(contract.resultname!).length), j.tag))).toBe(
    fixed(units(refunded ? contract.payout! : contract.profit!)),
  );
  expect(await page.locator('[data-contract]').count()).toBe(1);

  await page.goto('/defi/pledgeRecord');
  await page.getByText(t(pluralKey('defi.daysOf', 7, j.run.to), { paid: 0, days: 7 })).waitFor();
  const pledge = page.locator('.defi-record');
  expect(await pledge.count()).toBe(1);
  expect(await shown(j, pledge.locator('.defi-record__amount'))).toBe(fixed(units(trail.pledge!.amount)));
  await page.goto('/defi/incomeRecord');
  await page.getByText(t('defi.noIncome')).waitFor();
};

/** Reads the newest notice from the list, in full. */
export const readNotice = async (j: Journey) => {
  const { page, t } = j;
  const [newest] = await api<Notice[]>(j, '/index/notice');
  await page.goto('/user');
  await page.getByRole('link', { name: t('route.notice') }).click();
  await page.waitForURL('**/notice');
  const first = page.locator('.link-list__item').first();
  expect(await first.locator('.link-list__title').innerText()).toBe(newest!.title);
  await first.click();
  await page.waitForURL(`**/noticeDetail?id=${newest!.id}`);
  expect(await page.locator('.document__title').innerText()).toBe(newest!.title);
  expect(await page.locator('.document__body').innerText()).toBe(newest!.message);
};

/** The pop-up, ticked "not today", stays away on the next visit; logging out ends the session on
 * the server too. */
export const hidePopupForTodayAndLogOut = async (j: Journey) => {
  const { page, t } = j;
  await page.goto('/home');
  await acknowledgePopups(j, t, true);
  expect(await page.evaluate(() => localStorage.getItem('notShownToday'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const popups = page.waitForResponse((r) => r.url().endsWith('/api/index/popups'));
  await page.reload();
  await popups;
  await page.getByRole('link', { name: t('route.notice') }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('dialog').count()).toBe(0);

  await page.getByRole('link', { name: t('route.user') }).click();
  await page.waitForURL('**/user');
  await page.getByRole('button', { name: t('user.logout') }).click();
  await page.waitForURL('**/home');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect((await apiCall(j, '/assets/balances')).code).toBe(401);
  await page.getByRole('link', { name: t('route.user') }).click();
  await page.getByRole('link', { name: t('route.login') }).waitFor();
};
