import { expect } from 'vitest';
import { pluralKey } from '../../../src/i18n/plural';
import type { DefiProduct, PledgeRecord } from '../../../protocol/defi';
import type { WalletNetwork, Withdrawal } from '../../../protocol/wallet';
import {
  LIVE_MS,
  acknowledgePopups,
  api,
  apiCall,
  countRequests,
  expectAssetsScreen,
  expectBalances,
  logIn,
  path_,
  readToken,
  tapTab,
  type Journey,
} from './journey';
import { shownUnits, units } from './money';
import { adminCli, sentCode } from './operator';

const WITHDRAWAL = {
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  remark: 'Journey cold wallet',
  amount: '50.25',
};

const PLEDGE = '150.12345678';

export interface WalletTrail {
  pledge?: PledgeRecord;
  withdrawal?: Withdrawal;
  fee?: string;
}

/** Pledges in the 7-day USDT product: the principal is frozen, the projected income is the daily
 * yield rounded down to the ledger unit, times the days. */
export const pledgeInStaking = async (j: Journey, trail: WalletTrail) => {
  const { page, t } = j;
  const products = await api<DefiProduct[]>(j, '/defi/products');
  const product = products.find((p) => p.asset === 'USDT' && p.cycleDays === 7);
  expect(product, JSON.stringify(products)).toBeDefined();
  await page.goto('/defi');
  await page.getByRole('article', { name: product!.name }).waitFor();
  await page.getByRole('link', { name: t('defi.pledgeProduct', { name: product!.name }) }).click();
  await page.waitForURL('**/defi/detail?id=*');
  await page.getByLabel(t('defi.amount', { asset: 'USDT' })).fill(PLEDGE);
  await page.getByRole('button', { name: t('defi.pledgeNow') }).click();
  const dialog = page.getByRole('dialog', { name: t('defi.confirmTitle') });
  await dialog.getByRole('button', { name: t('defi.confirm') }).click();
  await page.waitForURL('**/defi/pledgeRecord');
  await page.getByText(t(pluralKey('defi.daysOf', 7, j.run.to), { paid: 0, days: 7 })).waitFor();

  const { list } = await api<{ list: PledgeRecord[] }>(j, '/defi/pledgeRecord');
  expect(list).toHaveLength(1);
  const pledge = list[0]!;
  const daily = (units(PLEDGE) * units(product!.dailyYield)) / (100n * units('1'));
  expect(pledge).toMatchObject({ productId: product!.id, status: 'app.data.pledge_earning', daysPaid: 0 });
  expect([units(pledge.amount), units(pledge.dailyIncome), units(pledge.projectedIncome)]).toEqual([
    units(PLEDGE),
    daily,
    daily * 7n,
  ]);
  trail.pledge = pledge;
  j.ledger.freeze('USDT', units(PLEDGE));
  await expectBalances(j);
};

/** The operator locks the account on the command line, which ends its sessions: the app hears it
 * and the user is logged out to /home with the lock's alert; unlocked, the old session stays ended
 * and logging in again restores everything. */
export const sessionRevokedServerSide = async (j: Journey) => {
  const { page, t } = j;
  await page.goto('/home');
  await acknowledgePopups(j);
  await tapTab(j, 'assets');
  await page.waitForURL('**/assets');
  await expectAssetsScreen(j);

  const id = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { userinfo: { id: number } }).userinfo.id,
  );
  const flags = (lock: 'on' | 'off') =>
    adminCli(j.server.dataDir, 'users', 'flags', String(id), `--lock=${lock}`);
  expect(await flags('on')).toContain(`(${j.user.username}): trading on, withdraw on, lock on`);

  // The reader does nothing: the socket under /assets' live balances hears that the session ended,
  // and the app logs out by itself, saying why.
  const alert = page.getByRole('dialog').filter({ hasText: t('app.msg.account_locked') });
  await alert.waitFor();
  await page.waitForURL('**/home');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await alert.getByRole('button', { name: t('common.confirm') }).click();
  await alert.waitFor({ state: 'detached' });

  expect(await flags('off')).toContain(`(${j.user.username}): trading on, withdraw on, lock off`);
  // Unlocked again, but the sessions the lock ended stay ended.
  expect(await apiCall(j, '/assets/balances')).toMatchObject({ code: 401, msg: 'app.msg.session_expired' });

  // Logging in again restores everything as it was.
  await tapTab(j, 'assets');
  await page.waitForURL('**/login?redirect=%2Fassets');
  await logIn(j);
  await page.waitForURL('**/assets');
  await readToken(j);
  await expectBalances(j);
  await expectAssetsScreen(j);
};

export const addAddressAndWithdrawPassword = async (j: Journey) => {
  const { page, t } = j;
  // The first withdrawal password takes a code mailed to the account's own address.
  await page.goto('/withdrawalPwd');
  await page.getByText(t('pwd.codeTo', { email: j.user.email })).waitFor();
  const sent = page.getByText(t('form.codeSent')).waitFor();
  await page.getByRole('button', { name: t('form.sendCode') }).click();
  await sent;
  await page.getByLabel(t('form.code')).fill(await sentCode(j.server.dataDir, j.user.email));
  await page.getByLabel(t('pwd.newWithdraw')).fill(j.user.withdrawPassword);
  await page.getByLabel(t('form.confirmPassword')).fill(j.user.withdrawPassword);
  const set = page.getByText(t('pwd.withdrawSet')).waitFor();
  await page.getByRole('button', { name: t('common.confirm') }).click();
  await set;
  expect((await api<{ hasWithdrawPassword: boolean }>(j, '/user/info')).hasWithdrawPassword).toBe(true);

  // Saving an address takes the withdrawal password.
  await page.goto('/withdrawAddress/add');
  await page.getByLabel(t('address.address')).fill(WITHDRAWAL.address);
  await page.getByLabel(t('address.remark')).fill(WITHDRAWAL.remark);
  await page.getByLabel(t('withdraw.password')).fill(j.user.withdrawPassword);
  // Toasts last two seconds: each is watched for from before it can appear.
  const saved = page.getByText(t('address.saved')).waitFor();
  await page.getByRole('button', { name: t('address.save') }).click();
  await saved;
  await page.goto('/withdrawAddress');
  await page.getByTestId('address-row').getByText(WITHDRAWAL.address).waitFor();
};

/** Withdraws to the saved address, double-tapping the submit: one request; the amount is frozen,
 * the fee is the network's, and once the operator approves the frozen amount is gone. */
export const withdrawWithReview = async (j: Journey, trail: WalletTrail) => {
  const { page, t } = j;
  const nets = await api<WalletNetwork[]>(j, '/wallet/coins');
  const net = nets.find((n) => n.coin === 'USDT' && n.network === 'TRC20')!;
  const received = units(WITHDRAWAL.amount) - units(net.withdrawFee);
  await page.goto('/withdraw?coin=USDT');
  const saved = page.getByRole('radio', { name: new RegExp(WITHDRAWAL.remark) });
  await saved.waitFor();
  expect(await saved.isChecked()).toBe(true);
  await page.getByLabel(t('withdraw.amount')).fill(WITHDRAWAL.amount);
  await expect
    .poll(async () => shownUnits((await page.getByTestId('withdraw-received').textContent()) ?? '', j.tag))
    .toBe(received);
  await page.getByLabel(t('withdraw.password')).fill(j.user.withdrawPassword);

  const sent = countRequests(j, 'POST', '/api/withdraw/order');
  await page.getByRole('button', { name: t('withdraw.submit'), exact: true }).dblclick();
  await page.waitForURL('**/withdraw/record');
  const record = page.getByTestId('withdraw-record');
  await record.getByText(t('app.data.withdraw_pending')).waitFor();
  expect(await record.count()).toBe(1);
  expect(sent()).toBe(1);
  const [pending] = await api<Withdrawal[]>(j, '/withdraw/list');
  expect(pending).toMatchObject({ address: WITHDRAWAL.address, network: 'TRC20', status: 'pending' });
  expect([units(pending!.amount), units(pending!.fee), units(pending!.received)]).toEqual([
    units(WITHDRAWAL.amount),
    units(net.withdrawFee),
    received,
  ]);
  j.ledger.freeze('USDT', units(WITHDRAWAL.amount));
  await expectBalances(j);

  const list = await adminCli(j.server.dataDir, 'withdrawals', 'list');
  const id = /#(\d+) pending user \d+ /.exec(list)?.[1];
  expect(id, list).toBe(String(pending!.id));
  expect(await adminCli(j.server.dataDir, 'withdrawals', 'approve', id!)).toContain(`#${id} success`);
  // The records refresh by themselves while a withdrawal waits for review.
  await record.getByText(t('app.data.withdraw_success')).waitFor({ timeout: LIVE_MS });
  expect(path_(j)).toBe('/withdraw/record');
  const [done] = await api<Withdrawal[]>(j, '/withdraw/list');
  expect(done?.status).toBe('success');
  trail.withdrawal = done;
  trail.fee = net.withdrawFee;
  j.ledger.spendFrozen('USDT', units(WITHDRAWAL.amount));
  await expectBalances(j);
};
