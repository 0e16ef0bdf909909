import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCli, captchaAnswer, sentCode, watchCaptchas } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';
import { PNG, idNumber } from './helpers/documents';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));

const session = phoneSession();

const user = { username: 'journey_01', email: 'journey@example.com', password: 'Trade2026' };

describe('a new user, from sign-up to passing the verification gate', () => {
  it('on a small phone, is taken from the sign-up button to the first field left wrong', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 320, height: 568 });
    try {
      await page.goto('/register');
      await page.getByLabel(en.register.username).fill(user.username);
      await page.getByRole('button', { name: en.register.submit }).tap();
      const email = page.getByLabel(en.register.email);
      await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
      // Focused, the field still wears its error's colour: the focus colour replaced it before.
      const colours = await email.evaluate((input) => {
        const down = document.createElement('span');
        down.style.color = 'var(--down)';
        document.body.append(down);
        const wanted = getComputedStyle(down).color;
        down.remove();
        return { border: getComputedStyle(input.closest('.field__control')!).borderTopColor, wanted };
      });
      expect(colours.border).toBe(colours.wanted);
      // In sight with its label, not under the bar that stays at the top.
      const bar = (await page.locator('.navbar').boundingBox())!;
      const label = (await page.getByText(en.register.email, { exact: true }).boundingBox())!;
      expect(label.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(label.y).toBeLessThan(568);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('registers with the code sent to the email address, after a captcha', async () => {
    const captchas = watchCaptchas(session.page, en.form.newCaptcha);
    await session.page.goto('/register');
    await session.page.getByLabel(en.register.username).fill(user.username);
    await session.page.getByLabel(en.register.email).fill(user.email);
    await session.page.getByLabel(en.form.password, { exact: true }).fill(user.password);
    await session.page.getByLabel(en.form.confirmPassword).fill(user.password);
    const captcha = session.page.getByLabel(en.form.captcha, { exact: true });
    await captcha.fill(captchaAnswer(session.server.dataDir, await captchas.shown()));
    // The keyboard's Enter on the answer sends the code, as the button does, not the sign-up.
    const registered = session.page.waitForRequest('**/api/user/register', { timeout: 1000 }).then(
      () => true,
      () => false,
    );
    await captcha.press('Enter');
    await session.page.getByText(en.form.codeSent).waitFor();
    expect(await registered).toBe(false);
    await session.page.getByLabel(en.form.code).fill(await sentCode(session.server.dataDir, user.email));
    await session.page.getByRole('checkbox').check();
    await session.page.getByRole('button', { name: en.register.submit }).click();
    await session.page.waitForURL('**/home');
    const stored = await session.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.userinfo).toMatchObject({ username: user.username, certification: null });
    // Logged in, the login form and sign-up have nothing to offer: opened, they lead on.
    await session.page.goto('/login?redirect=%2Fuser');
    await session.page.waitForURL('**/user');
    await session.page.goto('/register');
    await session.page.waitForURL('**/home');
  });

  it('logs out and logs in again, staying logged in across a reload', async () => {
    await session.page.goto('/user');
    await session.page.getByRole('button', { name: en.user.logout }).click();
    await session.page.waitForURL('**/home');
    await session.page.locator('.toast', { hasText: en.user.loggedOut }).waitFor();
    await session.page.goto('/assets');
    await session.page.waitForURL('**/login?redirect=%2Fassets');
    await logIn(session.page, user.email, user.password);
    // The gate it was sent back to asks for verification, since this user has none yet.
    await session.page.waitForURL('**/authentication');
    await session.page.reload();
    await session.page.getByRole('heading', { name: en.route.authentication, level: 1 }).waitFor();
    expect(new URL(session.page.url()).pathname).toBe('/authentication');
  });

  it('is sent from /trade to verification and submits an ID card with both sides', async () => {
    await session.page.goto('/trade');
    await session.page.waitForURL('**/authentication');
    await session.page.getByLabel(en.kyc.name).fill('Wang Xiaoming');
    await session.page.getByLabel(en.kyc.docNumber).fill(idNumber());
    const uploads = () =>
      session.page.waitForResponse((r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST');
    // A file that only begins like a PNG (its signature and the start of its header) is refused,
    // said in the reader's language, and leaves the tile empty to pick again.
    let done = uploads();
    await session.page
      .getByLabel(en.kyc.front)
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG.subarray(0, 30) });
    expect((await (await done).json()).msg).toBe('app.msg.upload_not_image');
    await session.page.getByText(en.app.msg.upload_not_image).waitFor();
    await session.page.getByAltText(en.kyc.front).waitFor({ state: 'detached' });
    expect(await session.page.getByText(en.kyc.uploaded).count()).toBe(0);
    done = uploads();
    await session.page
      .getByLabel(en.kyc.front)
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    expect((await (await done).json()).code).toBe(1);
    done = uploads();
    await session.page
      .getByLabel(en.kyc.back)
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    expect((await (await done).json()).code).toBe(1);
    await session.page.getByRole('button', { name: en.kyc.submit }).click();
    await session.page.getByRole('heading', { name: en.kyc.review.title }).waitFor();
  });

  it('is kept out of /trade with an alert while under review', async () => {
    await session.page.goto('/market');
    await session.page.getByRole('link', { name: en.tab.trade }).click();
    await session.page.getByRole('dialog').getByText(en.gate.review).waitFor();
    expect(new URL(session.page.url()).pathname).toBe('/market');
    await session.page.getByRole('dialog').getByRole('button').click();
  });

  it('passes the gate once an operator approves on the command line', async () => {
    const list = await adminCli(session.server.dataDir, 'verifications', 'list');
    const id = /#(\d+) pending user \d+ \(journey_01\)/.exec(list)?.[1];
    expect(id, list).toBeDefined();
    expect(await adminCli(session.server.dataDir, 'verifications', 'approve', id!)).toContain('approved');
    await session.page.getByRole('link', { name: en.tab.trade }).click();
    await session.page.waitForURL('**/trade');
    const stored = await session.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.userinfo.certification).toBe(2);
  });
  it('leaves /trade for login at once when the reader logs out in another tab', async () => {
    const other = await session.context.newPage();
    try {
      await other.goto('/user');
      await other.getByRole('button', { name: en.user.logout }).click();
      await other.waitForURL('**/home');
      // Nothing done on the first tab: it follows the shared session by itself.
      await session.page.waitForURL('**/login?redirect=%2Ftrade', { timeout: 5000 });
    } finally {
      await other.close();
    }
  });

  it('after five wrong passwords, logs in with the captcha the screen then asks for', async () => {
    const { page } = session;
    const captchas = watchCaptchas(page, en.form.newCaptcha);
    const tryLogin = async (password: string) => {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/login');
      await logIn(page, user.username, password);
      return (await (await answered).json()) as { msg: string };
    };
    for (let i = 0; i < 5; i++) expect((await tryLogin(`Wrong${i}pass`)).msg).toBe('app.msg.login_failed');
    // Tried again and again, the refusal is said once, in the form, with no toast saying it again.
    await expect
      .poll(() => page.locator('main [role="alert"]').allTextContents())
      .toEqual([en.app.msg.login_failed]);
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await page.getByLabel(en.form.captcha, { exact: true }).count()).toBe(0);
    expect((await tryLogin(user.password)).msg).toBe('app.msg.captcha_required');
    await page.getByText(en.app.msg.captcha_required).waitFor();
    const answer = page.getByLabel(en.form.captcha, { exact: true });
    await answer.fill(captchaAnswer(session.server.dataDir, await captchas.shown()));
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL('**/trade');
  });

  it('resets a forgotten password and finds the account typed for it on the login form', async () => {
    const { page } = session;
    await page.goto('/user');
    await page.getByRole('button', { name: en.user.logout }).click();
    await page.waitForURL('**/home');
    await page.goto('/forgetPwd');
    const captchas = watchCaptchas(page, en.form.newCaptcha);
    await page.getByLabel(en.forget.target).fill(user.email);
    const captcha = page.getByLabel(en.form.captcha, { exact: true });
    await captcha.fill(captchaAnswer(session.server.dataDir, await captchas.shown()));
    await captcha.press('Enter');
    await page.getByText(en.form.codeSent).waitFor();
    await page.getByLabel(en.form.code).fill(await sentCode(session.server.dataDir, user.email));
    await page.getByLabel(en.form.newPassword, { exact: true }).fill('Renewed2026');
    await page.getByLabel(en.form.confirmPassword).fill('Renewed2026');
    await page.getByRole('button', { name: en.forget.submit }).click();
    await page.waitForURL('**/login');
    expect(await page.getByLabel(en.login.account).inputValue()).toBe(user.email);
    await page.getByLabel(en.form.password, { exact: true }).fill('Renewed2026');
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL('**/home');
  });
});
