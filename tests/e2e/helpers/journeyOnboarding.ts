import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { InviteePage } from '../../../protocol';
import { LOCALE_TAGS } from '../../../protocol/locales';
import {
  DEMO_PASSWORD,
  LIVE_MS,
  UI_MS,
  acknowledgePopups,
  api,
  apiCall,
  logIn,
  path_,
  readToken,
  tabBar,
  tapTab,
  type Journey,
} from './journey';
import { moveOn, watchCsp } from './browser';
import { adminCli, captchaAnswer, sentCode, watchCaptchas } from './operator';
import { PNG, idNumber } from './documents';

const storedUser = (j: Journey) =>
  j.page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('user') ?? 'null') as {
        token: string;
        userinfo: { id: number; username: string; certification: number | null };
      } | null,
  );

/** The operator sets the site's language; a visitor arrives in it, meets the welcome pop-up, and
 * switches to their own. */
export const openAndSwitchLanguage = async (j: Journey) => {
  const { page, t } = j;
  expect(await adminCli(j.server.dataDir, 'config', 'set', 'lang', j.run.siteLang)).toContain(
    `lang = "${j.run.siteLang}"`,
  );
  expect((await api<{ lang: string }>(j, '/index/config')).lang).toBe(j.run.siteLang);
  await page.goto('/');
  await page.waitForURL('**/home');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(LOCALE_TAGS[j.run.from]);
  await acknowledgePopups(j, j.tFrom);
  await page.getByTestId('lang-link').click();
  await page.waitForURL('**/lang');
  await page.locator(`[data-locale="${j.run.to}"]`).click();
  await page.waitForURL('**/home');
  await expect
    .poll(() => tabBar(j).getByRole('link').allInnerTexts())
    .toEqual(['home', 'market', 'trade', 'contract', 'assets'].map((k) => t(`tab.${k}`)));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(j.tag);
  await expect.poll(() => page.title()).toBe(`Nova Exchange - ${t('route.home')}`);
};

/** The invitation code a friend (the demo trader) reads off their own /invite screen, on their own
 * phone, in the site's language. */
export const inviteCodeFromFriend = async (j: Journey, browser: Browser): Promise<string> => {
  const t = j.tFrom;
  const context = await watchCsp(
    await browser.newContext({
      baseURL: j.server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: j.run.browserLocale,
    }),
  );
  context.setDefaultTimeout(UI_MS);
  try {
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Finvite');
    await page.getByLabel(t('login.account')).fill('demotrader');
    await page.getByLabel(t('form.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await page.waitForURL('**/invite');
    const code = (await page.locator('.invite-field__code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
    expect(await page.locator('.invite-field__link').innerText()).toBe(
      `${j.server.url}/register?code=${code}`,
    );
    return code;
  } finally {
    await context.close();
  }
};

/** From the account screen to sign-up, with the friend's code typed in and the code emailed to the
 * visitor (read off the operator's outbox); signed up, the visitor is logged in and back on home. The friend then sees them among the members they brought in. */
export const registerWithInvite = async (j: Journey, code: string) => {
  const { page, t, user } = j;
  await page.getByRole('link', { name: t('route.user') }).click();
  await page.waitForURL('**/user');
  const captchas = watchCaptchas(j.page, t('form.newCaptcha'));
  await page.getByRole('link', { name: t('route.register'), exact: true }).click();
  await page.waitForURL('**/register');
  await page.getByLabel(t('register.username')).fill(user.username);
  await page.getByLabel(t('register.email')).fill(user.email);
  await page.getByLabel(t('form.password'), { exact: true }).fill(user.password);
  await page.getByLabel(t('form.confirmPassword')).fill(user.password);
  await page.getByLabel(t('register.inviteCode')).fill(code.toLowerCase());
  expect(await page.getByLabel(t('register.inviteCode')).inputValue()).toBe(code);
  await page
    .getByLabel(t('form.captcha'), { exact: true })
    .fill(captchaAnswer(j.server.dataDir, await captchas.shown()));
  await page.getByRole('button', { name: t('form.sendCode') }).click();
  await page.getByText(t('form.codeSent')).waitFor();
  await page.getByLabel(t('form.code')).fill(await sentCode(j.server.dataDir, user.email));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('register.submit') }).click();
  await page.waitForURL('**/home');
  const stored = await storedUser(j);
  expect(stored?.userinfo).toMatchObject({ username: user.username, certification: null });
  await readToken(j);

  const login = await fetch(`${j.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demotrader', password: DEMO_PASSWORD }),
  });
  const friendToken = ((await login.json()) as { data: { token: string } }).data.token;
  const invitees = await apiCall<InviteePage>(j, '/user/invitees?generation=first', friendToken);
  // The friend sees the new member, masked as the server shows members.
  const masked = `${user.username.slice(0, 2)}****${user.username.slice(-2)}`;
  expect(invitees.data.list.map((m) => [m.username, m.certified])).toEqual([[masked, false]]);
};

/** Logs out from the account screen, then taps Trade: the login gate, then the verification gate. */
export const logOutThenLogInToTrade = async (j: Journey) => {
  const { page, t } = j;
  await page.getByRole('link', { name: t('route.user') }).click();
  await page.getByRole('button', { name: t('user.logout') }).click();
  await page.waitForURL('**/home');
  expect(await storedUser(j)).toBeNull();
  // The tab sits where the logout button was.
  await moveOn(page);
  await tapTab(j, 'trade');
  await page.waitForURL('**/login?redirect=%2Ftrade');
  // The prompt is a toast of two seconds: watched for from before it can appear.
  const prompt = page.getByText(t('gate.verify')).waitFor();
  await logIn(j);
  // Back to /trade, which sends a user never verified on to verification, with a prompt.
  await page.waitForURL('**/authentication');
  await prompt;
  await page.getByRole('heading', { name: t('route.authentication'), level: 1 }).waitFor();
  await readToken(j);
};

export const submitDocuments = async (j: Journey) => {
  const { page, t } = j;
  await page.getByLabel(t('kyc.name')).fill('Journey Tester');
  await page.getByLabel(t('kyc.docNumber')).fill(idNumber());
  for (const side of ['front', 'back'] as const) {
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST',
    );
    await page
      .getByLabel(t(`kyc.${side}`))
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
    expect(((await (await uploaded).json()) as { code: number }).code).toBe(1);
  }
  await page.getByRole('button', { name: t('kyc.submit') }).click();
  await page.getByRole('heading', { name: t('kyc.review.title') }).waitFor();
};

/** The operator approves on the command line; /trade opens without a reload of the session. */
export const operatorApprovesVerification = async (j: Journey) => {
  const list = await adminCli(j.server.dataDir, 'verifications', 'list');
  const id = new RegExp(`#(\\d+) pending user \\d+ \\(${j.user.username}\\)`).exec(list)?.[1];
  expect(id, list).toBeDefined();
  expect(await adminCli(j.server.dataDir, 'verifications', 'approve', id!)).toContain('approved');
  await j.page.goto('/trade');
  await j.page.getByTestId('book-asks').locator('li').first().waitFor({ timeout: LIVE_MS });
  expect(path_(j)).toBe('/trade');
  expect((await storedUser(j))?.userinfo.certification).toBe(2);
  expect((await api<{ certification: number }>(j, '/user/info')).certification).toBe(2);
};
