import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../../src/api/user';
import ForgetPwdScreen from '../../../../src/screens/forgetPwd/ForgetPwdScreen';
import { afterDoubleTap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen } from '../renderScreen';

vi.mock('../../../../src/api/user', () => ({
  userApi: { sendCode: vi.fn(), forgetPwd: vi.fn(), captcha: vi.fn() },
}));

beforeAll(setupI18n);
beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(userApi.sendCode).mockReset().mockResolvedValue({ codeTicket: 'ticket-1' });
  vi.mocked(userApi.forgetPwd).mockReset().mockResolvedValue(null);
  vi.mocked(userApi.captcha).mockReset().mockResolvedValue({ id: 'cap', svg: '<svg/>' });
});
afterEach(() => vi.useRealTimers());

describe('forgotten password', () => {
  it('sends a code after the captcha, then counts down before another may be sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalled());
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await user.type(screen.getByLabelText('Captcha'), 'xy9z');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(userApi.sendCode).toHaveBeenCalledWith({
      target: 'alice@example.com',
      purpose: 'forgetPwd',
      captchaId: 'cap',
      captcha: 'xy9z',
    });
    const resend = await screen.findByRole('button', { name: /Resend in 60 s/ });
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: /Resend in 30 s/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('counts down the wait the server tells when a code was sent before the page was reloaded', async () => {
    vi.mocked(userApi.sendCode).mockRejectedValue({
      code: 429,
      msg: 'app.msg.code_frequent',
      data: { seconds: 42 },
    });
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    await userEvent.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'xy9z');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in 4[12] s/ })).toBeDisabled();
  });

  it('names its address field as the account’s identifier, so a password manager saves the new password for it', () => {
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    // An email address or a phone number: `email` would leave a phone's account unmatched.
    expect(screen.getByLabelText('Email or mobile')).toHaveAttribute('autocomplete', 'username');
  });

  it('refuses to send a code without a valid target', async () => {
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    await userEvent.type(screen.getByLabelText('Email or mobile'), 'nobody');
    await userEvent.type(screen.getByLabelText('Captcha'), 'xy9z');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(userApi.sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('resets the password with the code and the ticket of the newest send, and goes to login', async () => {
    vi.mocked(userApi.sendCode).mockResolvedValueOnce({ codeTicket: 'ticket-1' });
    vi.mocked(userApi.sendCode).mockResolvedValueOnce({ codeTicket: 'ticket-2' });
    // The minute between sends passes on this clock alone: the screen's countdown reads it.
    const clock = vi.spyOn(Date, 'now');
    const router = renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    for (const sends of [1, 2]) {
      // Each send draws a new captcha to answer for the next.
      await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(sends));
      await user.type(screen.getByLabelText('Captcha'), 'xy9z');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByRole('button', { name: /Resend in \d+ s/ });
      clock.mockReturnValue(Date.now() + 61_000);
      await screen.findByRole('button', { name: 'Send code' });
    }
    clock.mockRestore();
    expect(userApi.sendCode).toHaveBeenCalledTimes(2);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass9');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ account: 'alice@example.com' });
    expect(userApi.forgetPwd).toHaveBeenCalledWith({
      target: 'alice@example.com',
      code: '123456',
      codeTicket: 'ticket-2',
      password: 'newpass9',
      confirmPassword: 'newpass9',
    });
  });

  it('gets the ticket and the wait back after a reload, once the same address is typed again', async () => {
    const user = userEvent.setup();
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await user.type(screen.getByLabelText('Captcha'), 'xy9z');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in \d+ s/ });
    // The reload: the screen and all its state gone, the tab's storage kept.
    cleanup();
    afterDoubleTap();
    const router = renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    // Another address (here, on the way to the same one) gets nothing back.
    await user.type(screen.getByLabelText('Email or mobile'), 'Alice@example.co');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    await user.type(screen.getByLabelText('Email or mobile'), 'm');
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass9');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(userApi.sendCode).toHaveBeenCalledTimes(1);
    expect(userApi.forgetPwd).toHaveBeenCalledWith(expect.objectContaining({ codeTicket: 'ticket-1' }));
  });

  it('frees the send for another address typed after a send, and drops the first one’s ticket', async () => {
    vi.mocked(userApi.sendCode).mockResolvedValueOnce({ codeTicket: 'ticket-alice' });
    vi.mocked(userApi.sendCode).mockResolvedValueOnce({ codeTicket: 'ticket-bob' });
    const user = userEvent.setup();
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    const target = screen.getByLabelText('Email or mobile');
    await user.type(target, 'alice@example.com');
    await user.type(screen.getByLabelText('Captcha'), 'xy9z');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in \d+ s/ });
    await user.clear(target);
    afterDoubleTap();
    await user.type(target, 'bob@example.com');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass9');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass9');
    // Nothing sent to bob yet: alice's ticket does not go with his address (the server refuses it
    // as a wrong code).
    vi.mocked(userApi.forgetPwd).mockRejectedValueOnce({
      code: 400,
      msg: 'app.msg.captcha_incorrect',
      data: null,
    });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(userApi.forgetPwd).toHaveBeenCalledWith(
        expect.objectContaining({ target: 'bob@example.com', codeTicket: '' }),
      ),
    );
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(2));
    await user.type(screen.getByLabelText('Captcha'), 'ab3c');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in \d+ s/ });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(userApi.forgetPwd).toHaveBeenCalledWith(
        expect.objectContaining({ target: 'bob@example.com', codeTicket: 'ticket-bob' }),
      ),
    );
  });

  it('says a wrong code under the code field, not in a toast over it', async () => {
    vi.mocked(userApi.forgetPwd).mockRejectedValue({
      code: 400,
      msg: 'app.msg.captcha_incorrect',
      data: null,
    });
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass9');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const code = await expectMarked('Verification code', 'The verification code is incorrect');
    await user.clear(code);
    expect(code).toHaveAttribute('aria-invalid', 'false');
  });

  it('unmarks a confirmation that no longer differs once the password is typed to match it', async () => {
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass8');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const confirm = await expectMarked('Confirm password', 'The passwords do not match');
    const password = screen.getByLabelText('New password');
    await user.clear(password);
    await user.type(password, 'newpass');
    // Still different: still said.
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await user.type(password, '9');
    expect(confirm).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument();
    expect(userApi.forgetPwd).not.toHaveBeenCalled();
  });

  it('says a wrong captcha under it, and keeps saying so over the new picture it brings', async () => {
    vi.mocked(userApi.sendCode).mockRejectedValue({
      code: 400,
      msg: 'app.msg.graphic_captcha_incorrect',
      data: null,
    });
    renderScreen(<ForgetPwdScreen />, { path: '/forgetPwd' });
    const user = userEvent.setup();
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(1));
    await user.type(screen.getByLabelText('Email or mobile'), 'alice@example.com');
    await user.type(screen.getByLabelText('Captcha'), 'xy9z');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(2));
    const answer = await expectMarked('Captcha', 'The graphic captcha is incorrect');
    // The spent answer goes with its picture; what was wrong with it stays until the next is typed.
    await waitFor(() => expect(answer).toHaveValue(''));
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    await user.type(answer, 'a');
    expect(answer).toHaveAttribute('aria-invalid', 'false');
  });
});
