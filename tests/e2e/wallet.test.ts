import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { doubleTap, moveOn } from './helpers/browser';
import { adminCli, captchaAnswer, sentCode } from './helpers/operator';
import { logIn, phoneSession } from './helpers/session';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));

// A 1×1 PNG: the server sniffs the bytes, so it has to be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const user = { username: 'wallet_e2e', email: 'wallet.e2e@example.com', password: 'Wallet2026' };
const WITHDRAW_PASSWORD = 'Draw2026x';

/** The API as the web app calls it. */
const api = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${session.server.url}/api${url}`, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
  });
  return (await res.json()) as {
    code: number;
    data: { id: string; token: string } & Record<string, unknown>;
  };
};

const session = phoneSession({ DEMO_DEPOSIT_DELAY_SECONDS: '0' });

/** The id of the newest record the CLI lists for this user. */
const idFromCli = (out: string, kind: 'deposits' | 'withdrawals') => {
  const m = new RegExp(`#(\\d+) pending user \\d+ `).exec(out);
  expect(m, `${kind}: ${out}`).not.toBeNull();
  return m![1]!;
};

describe('a verified user deposits, withdraws with review, and the balance is right to the last digit', () => {
  it('signs up and is verified by the operator on the command line', async () => {
    const captcha = await api('GET', '/user/captcha');
    const sent = await api('POST', '/user/sendCode', {
      target: user.email,
      purpose: 'register',
      captchaId: captcha.data.id,
      captcha: captchaAnswer(session.server.dataDir, captcha.data.id),
    });
    expect(sent.code).toBe(1);
    const reg = await api('POST', '/user/register', {
      ...user,
      confirmPassword: user.password,
      code: await sentCode(session.server.dataDir, user.email),
      codeTicket: sent.data.codeTicket,
    });
    expect(reg.code).toBe(1);
    const token = reg.data.token as string;
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'side.png');
      return (await api('POST', '/upload', form, token)).data.id as string;
    };
    const submit = async () => {
      const kyc = await api(
        'POST',
        '/user/authentication',
        {
          name: 'Wallet Tester',
          docType: 'passport',
          docNumber: 'E12345678',
          frontImage: await upload(),
          backImage: await upload(),
        },
        token,
      );
      expect(kyc.code).toBe(1);
      const list = await adminCli(session.server.dataDir, 'verifications', 'list');
      const id = /#(\d+) pending user \d+ \(wallet_e2e\)/.exec(list)?.[1];
      expect(id, list).toBeDefined();
      return id!;
    };

    // Rejected first with a reason given by its code: the user reads it in their language.
    const first = await submit();
    expect(
      await adminCli(session.server.dataDir, 'verifications', 'reject', first, 'document_unreadable'),
    ).toContain('rejected');
    await session.page.goto('/login');
    await logIn(session.page, user.username, user.password);
    await session.page.waitForURL('**/home');
    await session.page.goto('/authentication');
    await session.page.getByRole('alert').getByText(en.app.data.reason_document_unreadable).waitFor();

    expect(await adminCli(session.server.dataDir, 'verifications', 'approve', await submit())).toContain(
      'approved',
    );
    await session.page.goto('/home');
  });

  it('declares a deposit, which the operator confirms in the CLI, and the balance grows', async () => {
    await session.page.goto('/recharge/select');
    await session.page.getByRole('link', { name: /USDT/ }).click();
    await session.page.waitForURL('**/recharge?coin=USDT');
    await expect.poll(() => session.page.getByTestId('deposit-address').textContent()).toMatch(/^T\w{33}$/);
    // 250 declared, 100.5 on chain: the operator credits what arrived.
    await session.page.getByLabel(en.recharge.amount).fill('250');
    // A double tap declares once, however soon the answer comes before the result screen is up.
    await doubleTap(session.page, session.page.getByRole('button', { name: en.recharge.submit }));
    await session.page.waitForURL(/\/recharge\/result\?id=\d+$/);
    await session.page.getByRole('heading', { name: en.recharge.resultTitle, level: 2 }).waitFor();
    // The result screen moves on to the records by itself.
    await session.page.waitForURL('**/recharge/record', { timeout: 10_000 });
    await session.page.getByTestId('deposit-record').getByText(en.app.data.deposit_pending).waitFor();

    // The assets screen is open when the operator confirms: the balance grows there, live.
    await session.page.goto('/assets');
    const usdt = session.page.getByTestId('coin-USDT');
    await expect.poll(() => usdt.textContent()).toContain(`${en.wallet.available}0`);
    const pending = await adminCli(session.server.dataDir, 'deposits', 'list');
    expect(pending.match(/ pending user /g), pending).toHaveLength(1);
    const id = idFromCli(pending, 'deposits');
    expect(await adminCli(session.server.dataDir, 'deposits', 'confirm', id, '100.5')).toContain(
      `#${id} success`,
    );
    await expect.poll(() => usdt.textContent(), { timeout: 10_000 }).toContain('100.50000000');
    expect(new URL(session.page.url()).pathname).toBe('/assets');

    await session.page.goto('/recharge/record');
    const record = session.page.getByTestId('deposit-record');
    await record.getByText(en.app.data.deposit_success).waitFor();
    await record.getByText(en.recharge.creditedAsReceived).waitFor();

    // Opened again once credited, the result says so rather than that it is still to come.
    await session.page.goto(`/recharge/result?id=${id}`);
    await session.page.getByText(en.recharge.resultCredited).waitFor();
    expect(await session.page.getByText(en.recharge.resultText).count()).toBe(0);
  });

  it('taps the deposit in the USDT history and lands on its record, picked out', async () => {
    await session.page.goto('/assets/detail?coin=USDT');
    await session.page
      .locator('.wallet-journal')
      .getByRole('link', { name: new RegExp(`^${en.app.data.deposit}`) })
      .click();
    await session.page.waitForURL(/\/recharge\/record\?id=\d+$/);
    const picked = session.page.locator('[data-testid="deposit-record"][aria-current="true"]');
    await picked.getByText(en.app.data.deposit_success).waitFor();
    expect(await picked.count()).toBe(1);
    expect(await picked.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  });

  it('sets the withdrawal password, which saving a withdrawal address takes', async () => {
    // With none set, the address form says so and leads to where one is set.
    await session.page.goto('/withdrawAddress/add');
    const unset = session.page.getByTestId('withdraw-pwd-unset');
    await unset.getByText(en.address.noPassword).waitFor();
    await unset.getByRole('link', { name: en.withdraw.setPassword }).click();
    await session.page.waitForURL('**/withdrawalPwd');

    // The first withdrawal password takes a code mailed to the account's own address.
    await session.page.getByRole('button', { name: en.form.sendCode }).click();
    await session.page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await session.page.getByLabel(en.form.code).fill(await sentCode(session.server.dataDir, user.email));
    await session.page.getByLabel(en.pwd.newWithdraw).fill(WITHDRAW_PASSWORD);
    await session.page.getByLabel(en.form.confirmPassword).fill(WITHDRAW_PASSWORD);
    await session.page.getByRole('button', { name: en.common.confirm }).click();
    await session.page.getByText(en.pwd.withdrawSet).waitFor();

    await session.page.goto('/withdrawAddress/add');
    await session.page.getByLabel(en.address.address).fill(ADDRESS);
    await session.page.getByLabel(en.address.remark).fill('My cold wallet');
    const password = session.page.getByLabel(en.withdraw.password);
    await password.fill('not-the-password1');
    await session.page.getByRole('button', { name: en.address.save }).click();
    // The password is checked by a slow hash: a busy machine takes seconds over it.
    await expect.poll(() => password.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    await session.page.getByText(en.app.msg.withdraw_pwd_incorrect).waitFor();
    await moveOn(session.page);
    await password.fill(WITHDRAW_PASSWORD);
    await session.page.getByRole('button', { name: en.address.save }).click();
    // Saved once its toast says so (the form then goes back); going on before that raced the save.
    await session.page.getByText(en.address.saved).waitFor();
    await session.page.goto('/withdrawAddress');
    const row = session.page.getByTestId('address-row');
    await row.getByText(ADDRESS).waitFor();
    // A double tap on Delete asks to confirm and stops there: the second tap does not answer.
    await doubleTap(session.page, row.getByRole('button', { name: en.address.delete }));
    await row.getByRole('button', { name: en.address.confirmDelete }).waitFor();
    await session.page.waitForLoadState('networkidle');
    await session.page.reload();
    await row.getByText(ADDRESS).waitFor();
    expect(await row.count()).toBe(1);
  });

  it('withdraws to the saved address with the withdrawal password; the operator approves in the CLI', async () => {
    await session.page.goto('/withdraw?coin=USDT');
    await session.page.getByRole('radio', { name: /My cold wallet/ }).waitFor();
    expect(await session.page.getByRole('radio', { name: /My cold wallet/ }).isChecked()).toBe(true);
    // Manage addresses opens the address book, where the saved address is; back to the withdrawal.
    await session.page.getByRole('link', { name: en.withdraw.manageAddresses }).click();
    await session.page.waitForURL('**/withdrawAddress?coin=USDT&network=TRC20');
    await session.page.getByTestId('address-row').getByText(ADDRESS).waitFor();
    await session.page.goBack();
    await session.page.getByRole('radio', { name: /My cold wallet/ }).waitFor();
    await session.page.getByLabel(en.withdraw.amount).fill('50.25');
    await expect.poll(() => session.page.getByTestId('withdraw-received').textContent()).toContain('49.25');
    // A wrong withdrawal password is said under its field, not in a toast over the form, and
    // stays there until the password is typed again.
    const password = session.page.getByLabel(en.withdraw.password);
    await password.fill('Wrong2026x');
    await session.page.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
    // The password is checked by a slow hash: a busy machine takes seconds over it.
    await expect.poll(() => password.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    const said = session.page.locator(`#${await password.getAttribute('aria-describedby')}`);
    expect(await said.getAttribute('role')).toBe('alert');
    expect(await said.textContent()).toBe(en.app.msg.withdraw_pwd_incorrect);
    expect(await session.page.getByText(en.app.msg.withdraw_pwd_incorrect).count()).toBe(1);
    await password.fill(WITHDRAW_PASSWORD);
    expect(await password.getAttribute('aria-invalid')).toBe('false');
    await session.page.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
    await session.page.waitForURL('**/withdraw/record');
    await session.page.getByTestId('withdraw-record').getByText(en.app.data.withdraw_pending).waitFor();

    const id = idFromCli(await adminCli(session.server.dataDir, 'withdrawals', 'list'), 'withdrawals');
    expect(await adminCli(session.server.dataDir, 'withdrawals', 'approve', id)).toContain(`#${id} success`);
    // The records refresh by themselves while a withdrawal waits for review.
    await session.page
      .getByTestId('withdraw-record')
      .getByText(en.app.data.withdraw_success)
      .waitFor({ timeout: 10_000 });
  });

  it('leaves exactly the deposit less the withdrawal', async () => {
    await session.page.goto('/assets');
    const usdt = session.page.getByTestId('coin-USDT');
    await expect.poll(() => usdt.textContent()).toContain('50.25000000');
    const text = (await usdt.textContent()) ?? '';
    expect(text).toContain(`${en.wallet.frozen}0.00000000`);
    const stored = await session.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    const balances = await api('GET', '/assets/balances', undefined, stored.token);
    expect(balances.data).toEqual([{ asset: 'USDT', available: '50.25000000', frozen: '0.00000000' }]);
  });
});
