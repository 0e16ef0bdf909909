import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../protocol';
import { Toasts } from '../../../../src/components/Toasts';
import { i18n } from '../../../../src/i18n';
import UserInfoScreen from '../../../../src/screens/userInfo/UserInfoScreen';
import { currentUser, setUser } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { afterDoubleTap } from '../../../setup/dom';

const api = vi.hoisted(() => ({ info: vi.fn(), updateInfo: vi.fn() }));
vi.mock('../../../../src/api/user', () => ({ userApi: api }));

const INFO: UserInfo = {
  id: 1042,
  username: 'satoshi_n',
  nickname: 'Satoshi',
  email: 'satoshi@example.com',
  phone: '+4915112345678',
  inviteCode: 'NOVA7Q2K',
  creditScore: 95,
  certification: 0,
  tradingDisabled: false,
  withdrawProhibited: false,
  hasWithdrawPassword: true,
  withdrawLockedUntil: 0,
  createdAt: 1_700_000_000_000,
};

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <UserInfoScreen />
        <Toasts />
      </MemoryRouter>
    </I18nextProvider>,
  );

/** The value cell of the row labelled `label`. */
const row = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

beforeAll(setupI18n);
beforeEach(() => {
  vi.resetAllMocks();
  setUser({ token: 'tok', userinfo: { certification: null } });
  api.info.mockResolvedValue(INFO);
});
afterEach(() => {
  uiState.toasts.splice(0);
});

describe('personal centre', () => {
  it('loads fresh userinfo, shows every field and stores it', async () => {
    show();
    expect(await screen.findByText('1042')).toBeInTheDocument();
    expect(row('User ID')).toHaveTextContent('1042');
    expect(row('Username')).toHaveTextContent('satoshi_n');
    expect(row('Nickname')).toHaveTextContent('Satoshi');
    expect(row('Email')).toHaveTextContent('satoshi@example.com');
    expect(row('Phone')).toHaveTextContent('+4915112345678');
    expect(row('Invitation code')).toHaveTextContent('NOVA7Q2K');
    expect(row('Credit score')).toHaveTextContent('95');
    expect(within(row('Identity verification')).getByText('Under review')).toHaveClass('badge--warn');
    expect(api.info).toHaveBeenCalledTimes(1);
    expect(currentUser()).toEqual({ token: 'tok', userinfo: INFO });
  });

  it.each([
    [null, 'Not verified', ''],
    // Said in full: under the names it stands with nothing to say what failed.
    [1, 'Verification failed', 'badge--bad'],
    [2, 'Verified', 'badge--ok'],
  ])('shows certification %s as "%s"', async (certification, text, tone) => {
    api.info.mockResolvedValue({ ...INFO, certification });
    show();
    await screen.findByText('1042');
    const badge = within(row('Identity verification')).getByText(text);
    if (tone) expect(badge).toHaveClass(tone);
    expect(within(row('Identity verification')).getByRole('link')).toHaveAttribute('href', '/authentication');
  });

  it('puts the verification badge under the names, where it cannot crowd the name out', async () => {
    show();
    const names = (await screen.findByText('Satoshi', { selector: '.uinfo-head__nickname' })).parentElement!;
    expect(within(names).getByText('Under review')).toHaveClass('badge');
  });

  it.each([
    ['Satoshi', 'S'],
    // Half of the emoji's UTF-16 pair drew a replacement box.
    ['\u{1F9C0} Käse', '\u{1F9C0}'],
    ['\u{1F1E9}\u{1F1EA} Berlin', '\u{1F1E9}\u{1F1EA}'],
    // An e without the diaeresis written after it.
    ['e\u0308lise', 'E\u0308'],
  ])('draws the avatar of %s with its first letter whole', async (nickname, letter) => {
    api.info.mockResolvedValue({ ...INFO, nickname });
    const { container } = show();
    await screen.findByText('1042');
    expect(container.querySelector('.uinfo-head__avatar')!.textContent).toBe(letter);
  });

  it('marks an empty phone as not set', async () => {
    api.info.mockResolvedValue({ ...INFO, phone: '' });
    show();
    await screen.findByText('1042');
    expect(row('Phone')).toHaveTextContent('Not set');
  });

  it('edits the nickname in place and stores the answer', async () => {
    api.updateInfo.mockResolvedValue({ ...INFO, nickname: 'Nakamoto' });
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(input).toHaveValue('Satoshi');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Nakamoto{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull());
    expect(api.updateInfo).toHaveBeenCalledWith('Nakamoto');
    expect(row('Nickname')).toHaveTextContent('Nakamoto');
    expect(screen.getByText('Nickname saved')).toBeInTheDocument();
    expect(currentUser()?.userinfo.nickname).toBe('Nakamoto');
    // Back on the button the editor took the place of, not on the page's start.
    expect(screen.getByRole('button', { name: 'Edit nickname' })).toHaveFocus();
  });

  it('keeps the focus on Save while the nickname is being saved', async () => {
    let answer: (info: UserInfo) => void = () => undefined;
    api.updateInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'X');
    await user.tab();
    await user.tab();
    const save = screen.getByRole('button', { name: 'Save' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    // Busy, not disabled: a browser moves the focus off a disabled button, to the page's start.
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.updateInfo).toHaveBeenCalledTimes(1);
    answer({ ...INFO, nickname: 'SatoshiX' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit nickname' })).toHaveFocus());
  });

  it('says a nickname taken under the field, keeping the editor open', async () => {
    api.updateInfo.mockRejectedValue({ code: 409, msg: 'app.msg.nickname_exists', data: null });
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'X{Enter}');
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(i18n.t('app.msg.nickname_exists'));
  });

  it('asks for a nickname left empty, as every empty field is, and sends nothing', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    // The editor took the button's place: the reader's next tap is a new one.
    afterDoubleTap();
    await user.clear(screen.getByRole('textbox', { name: 'Nickname' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(api.updateInfo).not.toHaveBeenCalled();
  });

  it('keeps a pasted nickname whole, counts it past the limit and says why it is not sent', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    afterDoubleTap();
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(screen.getByText('7/30')).toBeInTheDocument();
    await user.clear(input);
    await user.click(input);
    await user.paste('A nickname a good deal too long');
    expect(input).toHaveValue('A nickname a good deal too long');
    expect(screen.getByText('31/30')).toHaveClass('field__count--over');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(i18n.t('app.msg.nickname_length'))).toBeInTheDocument();
    expect(api.updateInfo).not.toHaveBeenCalled();
    await user.type(input, '{Backspace}');
    expect(screen.getByText('30/30')).not.toHaveClass('field__count--over');
  });

  it('closes the editor on Cancel or Escape without a request', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    afterDoubleTap();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit nickname' })).toHaveFocus();
    afterDoubleTap();
    await user.click(screen.getByRole('button', { name: 'Edit nickname' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'x{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit nickname' })).toHaveFocus();
    expect(row('Nickname')).toHaveTextContent('Satoshi');
    expect(api.updateInfo).not.toHaveBeenCalled();
  });

  it('copies the invitation code', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText('1042');
    await user.click(within(row('Invitation code')).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('NOVA7Q2K');
  });

  it('falls back to the stored userinfo when the refresh fails', async () => {
    setUser({ token: 'tok', userinfo: { ...INFO, nickname: 'Stored' } });
    api.info.mockRejectedValue({ code: 500, msg: 'app.msg.unexpected_error', data: null });
    show();
    expect(row('Nickname')).toHaveTextContent('Stored');
    await waitFor(() => expect(api.info).toHaveBeenCalled());
    expect(row('User ID')).toHaveTextContent('1042');
  });
});
