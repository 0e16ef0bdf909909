import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../../src/api/user';
import ChangePwdScreen from '../../../../src/screens/pwd/ChangePwdScreen';
import PwdManagementScreen from '../../../../src/screens/pwd/PwdManagementScreen';
import WithdrawalPwdScreen from '../../../../src/screens/pwd/WithdrawalPwdScreen';
import { sessionState } from '../../../../src/state/session';
import { afterDoubleTap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen, storedUser } from '../renderScreen';

vi.mock('../../../../src/api/user', () => ({
  userApi: {
    info: vi.fn(),
    sendWithdrawPwdCode: vi.fn(),
    setWithdrawPwd: vi.fn(),
    resetWithdrawPwd: vi.fn(),
    changeWithdrawPwd: vi.fn(),
    changePwd: vi.fn(),
  },
}));

/** Logged in with `hasWithdrawPassword` stored; the server says the same unless told otherwise. */
const login = (hasWithdrawPassword: boolean, onServer = hasWithdrawPassword) => {
  const userinfo = { certification: 2, username: 'alice', email: 'alice@example.com', hasWithdrawPassword };
  const user = { token: 'tok', userinfo };
  localStorage.setItem('user', JSON.stringify(user));
  sessionState.user = user as never;
  vi.mocked(userApi.info).mockResolvedValue({ ...userinfo, hasWithdrawPassword: onServer } as never);
};

/** What each password field of the screen tells a password manager it holds. */
const passwordAutocompletes = () =>
  [...document.querySelectorAll('input[type="password"]')].map((input) => input.getAttribute('autocomplete'));

beforeAll(setupI18n);
beforeEach(() => {
  vi.mocked(userApi.sendWithdrawPwdCode).mockReset().mockResolvedValue({ codeTicket: 'ticket-1' });
  vi.mocked(userApi.setWithdrawPwd).mockReset();
  vi.mocked(userApi.resetWithdrawPwd).mockReset();
  vi.mocked(userApi.changeWithdrawPwd).mockReset();
  vi.mocked(userApi.changePwd).mockReset();
});

describe('withdrawal password', () => {
  it('sets one when none is set, with a code sent to the account’s own address', async () => {
    login(false);
    vi.mocked(userApi.setWithdrawPwd).mockResolvedValue({
      certification: 2,
      hasWithdrawPassword: true,
    } as never);
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    expect(await screen.findByRole('heading', { name: 'Set withdrawal password' })).toBeInTheDocument();
    expect(screen.getByText('The code goes to alice@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(userApi.sendWithdrawPwdCode).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.type(screen.getByLabelText('New withdrawal password'), 'fund1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fund1234');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(storedUser().userinfo.hasWithdrawPassword).toBe(true));
    expect(userApi.setWithdrawPwd).toHaveBeenCalledWith({
      code: '123456',
      codeTicket: 'ticket-1',
      password: 'fund1234',
      confirmPassword: 'fund1234',
    });
  });

  it('replaces a forgotten one from the change form’s link, saying withdrawals then lock', async () => {
    login(true);
    vi.mocked(userApi.resetWithdrawPwd).mockResolvedValue({
      certification: 2,
      hasWithdrawPassword: true,
      withdrawLockedUntil: 1,
    } as never);
    const router = renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your withdrawal password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset withdrawal password' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?reset=1');
    expect(screen.getByText(/Withdrawals are then locked for 24 hours/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current withdrawal password')).toBeNull();
    // The tap on the link took away what was under it: the next tap is a new one, not its second.
    afterDoubleTap();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(screen.getByLabelText('Verification code'), '654321');
    await userEvent.type(screen.getByLabelText('New withdrawal password'), 'fund5678');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fund5678');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(storedUser().userinfo.withdrawLockedUntil).toBe(1));
    expect(userApi.resetWithdrawPwd).toHaveBeenCalledWith({
      code: '654321',
      codeTicket: 'ticket-1',
      password: 'fund5678',
      confirmPassword: 'fund5678',
    });
    expect(userApi.setWithdrawPwd).not.toHaveBeenCalled();
  });

  it('changes it once set, refusing a new one equal to the old before sending', async () => {
    login(true);
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    expect(await screen.findByRole('heading', { name: 'Change withdrawal password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current withdrawal password'), 'fund1234');
    await userEvent.type(screen.getByLabelText('New withdrawal password'), 'fund1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fund1234');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('The new password must differ from the old one')).toBeInTheDocument();
    expect(userApi.changeWithdrawPwd).not.toHaveBeenCalled();
  });

  /** A change of the withdrawal password, filled in and sent, that the server refuses with `msg`. */
  const refusedChange = async (code: number, msg: string) => {
    login(true);
    vi.mocked(userApi.changeWithdrawPwd).mockRejectedValue({ code, msg, data: null });
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    await userEvent.type(await screen.findByLabelText('Current withdrawal password'), 'fund1234');
    await userEvent.type(screen.getByLabelText('New withdrawal password'), 'fund5678');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fund5678');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  };

  it('says a wrong current one under its field until it is typed again', async () => {
    await refusedChange(400, 'app.msg.old_withdraw_pwd_wrong');
    const old = await expectMarked('Current withdrawal password', 'The current withdrawal password is wrong');
    expect(screen.getByLabelText('New withdrawal password')).toHaveAttribute('aria-invalid', 'false');
    await userEvent.type(old, '9');
    expect(old).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a current one longer than any password can be is wrong, before sending', async () => {
    login(true);
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    await userEvent.click(await screen.findByLabelText('Current withdrawal password'));
    await userEvent.paste('fund1234'.repeat(9));
    await userEvent.type(screen.getByLabelText('New withdrawal password'), 'fund5678');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fund5678');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expectMarked('Current withdrawal password', 'The current withdrawal password is wrong');
    expect(userApi.changeWithdrawPwd).not.toHaveBeenCalled();
  });

  it('says under the current one that its tries are paused, where the reset link is at hand', async () => {
    await refusedChange(429, 'app.msg.withdraw_pwd_tries');
    await expectMarked(
      'Current withdrawal password',
      'Too many wrong withdrawal passwords. Try again in 15 minutes, or reset your withdrawal password.',
    );
  });

  it('asks the server first: a password set from another device is changed, not set again', async () => {
    login(false, true);
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    expect(await screen.findByLabelText('Current withdrawal password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change withdrawal password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set withdrawal password' })).toBeNull();
    expect(storedUser().userinfo.hasWithdrawPassword).toBe(true);
  });

  // A password manager fills `current-password` with the site's login password and offers to save
  // a `new-password` over it: the withdrawal password would replace the login one it keeps.
  it.each([
    [false, 'Set withdrawal password', ['off', 'off']],
    [true, 'Change withdrawal password', ['off', 'off', 'off']],
  ])(
    'tells password managers its fields hold no login password (set before: %s)',
    async (set, title, kinds) => {
      login(set);
      renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
      await screen.findByRole('heading', { name: title });
      expect(passwordAutocompletes()).toEqual(kinds);
      // Nor which login: a manager offered a username beside a new password saves it as that login.
      expect(document.querySelector('[autocomplete="username"]')).toBeNull();
    },
  );

  it('keeps to the stored info when the server cannot be asked', async () => {
    login(false);
    vi.mocked(userApi.info).mockRejectedValue({ code: 0, msg: 'app.msg.network_error', data: null });
    renderScreen(<WithdrawalPwdScreen />, { path: '/withdrawalPwd' });
    expect(await screen.findByRole('heading', { name: 'Set withdrawal password' })).toBeInTheDocument();
  });
});

describe('login password change', () => {
  it('warns about the 24-hour withdrawal lock and stores the locked userinfo', async () => {
    login(false);
    vi.mocked(userApi.changePwd).mockResolvedValue({
      certification: 2,
      withdrawLockedUntil: 86_400_000,
    } as never);
    renderScreen(<ChangePwdScreen />, { path: '/changePwd' });
    expect(screen.getByText(/withdrawals are locked for 24 hours/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'secret12');
    await userEvent.type(screen.getByLabelText('New password'), 'secret34');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret34');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(storedUser().userinfo.withdrawLockedUntil).toBe(86_400_000));
    expect(storedUser().token).toBe('tok');
  });

  /** A change of the login password, filled in and sent, that the server refuses with `msg`. */
  const refusedPwdChange = async (code: number, msg: string) => {
    login(false);
    vi.mocked(userApi.changePwd).mockRejectedValue({ code, msg, data: null });
    renderScreen(<ChangePwdScreen />, { path: '/changePwd' });
    await userEvent.type(screen.getByLabelText('Current password'), 'secret12');
    await userEvent.type(screen.getByLabelText('New password'), 'secret34');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret34');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  };

  it('says a wrong current password under its field, in the reader’s language', async () => {
    await refusedPwdChange(400, 'app.msg.old_password_wrong');
    await expectMarked('Current password', 'The current password is wrong');
  });

  it('says under the current password that its tries are paused, and for how long', async () => {
    await refusedPwdChange(429, 'app.msg.old_password_tries');
    await expectMarked(
      'Current password',
      'The current password was entered wrong too many times. Try again in 15 minutes.',
    );
  });

  it('tells password managers which is the login password now and which the new one', () => {
    login(false);
    renderScreen(<ChangePwdScreen />, { path: '/changePwd' });
    expect(passwordAutocompletes()).toEqual(['current-password', 'new-password', 'new-password']);
  });

  // Without the account beside the new password, a manager holding several logins for the site
  // cannot tell which one to update, and may save the new password as a login with no name.
  it('tells password managers whose login password changes, out of sight and out of reach', () => {
    login(false);
    renderScreen(<ChangePwdScreen />, { path: '/changePwd' });
    const username = document.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue('alice');
    expect(username).toHaveAttribute('type', 'text');
    expect(username).toHaveAttribute('readonly');
    // Clipped, not display:none or `hidden`, which managers skip as fields nobody could fill.
    expect(username).toHaveClass('visually-hidden');
    expect(username).not.toHaveAttribute('hidden');
    expect(username).toHaveAttribute('aria-hidden', 'true');
    expect(username).toHaveAttribute('tabindex', '-1');
    expect(username?.closest('form')).toBe(screen.getByLabelText('New password').closest('form'));
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });

  it('says when the confirmation does not match', async () => {
    login(false);
    renderScreen(<ChangePwdScreen />, { path: '/changePwd' });
    await userEvent.type(screen.getByLabelText('Current password'), 'secret12');
    await userEvent.type(screen.getByLabelText('New password'), 'secret34');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret35');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(userApi.changePwd).not.toHaveBeenCalled();
  });

  it('offers to change, not set, a withdrawal password set from another device since', async () => {
    login(false, true);
    renderScreen(<PwdManagementScreen />, { path: '/pwdManagement' });
    expect(await screen.findByRole('link', { name: 'Change withdrawal password' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set withdrawal password' })).toBeNull();
  });
});
