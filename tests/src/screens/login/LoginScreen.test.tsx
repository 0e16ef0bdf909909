import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../../src/api/user';
import LoginScreen from '../../../../src/screens/login/LoginScreen';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen, storedUser } from '../renderScreen';

vi.mock('../../../../src/api/user', () => ({ userApi: { login: vi.fn(), captcha: vi.fn() } }));

const session = {
  token: 'tok',
  userinfo: { id: 7, username: 'alice01', certification: null },
};

beforeAll(setupI18n);
let captchas = 0;
const toasts = () => uiState.toasts.map((toast) => toast.text);

beforeEach(() => {
  uiState.toasts.splice(0);
  captchas = 0;
  vi.mocked(userApi.login).mockReset();
  vi.mocked(userApi.captcha)
    .mockReset()
    .mockImplementation(async () => ({ id: `cap-${++captchas}`, svg: '<svg/>' }));
});

const fill = async (username: string, password: string) => {
  if (username) await userEvent.type(screen.getByLabelText('Username, email or mobile'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
};

/** The form filled in, with the login it sends left unanswered until `finish`. */
const filledWhileLoginHangs = async () => {
  let finish: (v: unknown) => void = () => undefined;
  vi.mocked(userApi.login).mockReturnValue(new Promise((r) => (finish = r)) as never);
  renderScreen(<LoginScreen />, { path: '/login' });
  await userEvent.type(screen.getByLabelText('Username, email or mobile'), 'alice01');
  await userEvent.type(screen.getByLabelText('Password'), 'secret12');
  return { button: screen.getByRole('button', { name: 'Log in' }), finish: (v: unknown) => finish(v) };
};

describe('login screen', () => {
  it('stores {token, userinfo} under user and returns to where the gate interrupted', async () => {
    vi.mocked(userApi.login).mockResolvedValue(session as never);
    const router = renderScreen(<LoginScreen />, { path: '/login', at: '/login?redirect=%2Fassets' });
    await fill('alice01', 'secret12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets'));
    expect(userApi.login).toHaveBeenCalledWith({ username: 'alice01', password: 'secret12' });
    expect(storedUser()).toEqual(session);
  });

  it('goes home when nothing was interrupted', async () => {
    vi.mocked(userApi.login).mockResolvedValue(session as never);
    const router = renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'secret12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('starts with the account a password was just reset for, the password to type', async () => {
    renderScreen(<LoginScreen />, {
      path: '/login',
      at: { pathname: '/login', state: { account: 'alice@example.com' } },
    });
    expect(screen.getByLabelText('Username, email or mobile')).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('asks for both fields before sending', async () => {
    renderScreen(<LoginScreen />, { path: '/login' });
    await fill('', '');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(userApi.login).not.toHaveBeenCalled();
  });

  it('stays on the screen and stores nothing when the server refuses', async () => {
    vi.mocked(userApi.login).mockRejectedValue({ code: 400, msg: 'app.msg.login_failed', data: null });
    const router = renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'wrong123');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-busy'),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(storedUser()).toBeNull();
  });

  it('says a refused login in the form, once, with the focus left where the reader is, until they type again', async () => {
    vi.mocked(userApi.login).mockRejectedValue({ code: 400, msg: 'app.msg.login_failed', data: null });
    renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'wrong123');
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent('Incorrect username or password');
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toHaveAccessibleDescription('Incorrect username or password');
    expect(button).toHaveFocus();
    // Not toasted as well: a screen reader would read it twice.
    expect(toasts()).toEqual([]);
    await userEvent.type(screen.getByLabelText('Password'), '4');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button).not.toHaveAccessibleDescription();
  });

  it('says a locked account in the form too, and clears it when the account is typed again', async () => {
    vi.mocked(userApi.login).mockRejectedValue({ code: 400, msg: 'app.msg.account_locked', data: null });
    renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is locked. Please contact customer service',
    );
    expect(toasts()).toEqual([]);
    await userEvent.type(screen.getByLabelText('Username, email or mobile'), '2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still toasts a failure that is not about what was typed', async () => {
    vi.mocked(userApi.login).mockRejectedValue({ code: 429, msg: 'app.msg.too_many_requests', data: null });
    renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'secret12');
    await waitFor(() => expect(toasts()).toEqual(['Too many requests. Please slow down']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends one request for a double tap', async () => {
    const { button, finish } = await filledWhileLoginHangs();
    await userEvent.dblClick(button);
    expect(userApi.login).toHaveBeenCalledTimes(1);
    finish(session);
  });

  it('keeps the keyboard on the button while the request is out, and sends once for two presses', async () => {
    const { button, finish } = await filledWhileLoginHangs();
    button.focus();
    await userEvent.keyboard('{Enter}');
    // Busy, not disabled: a disabled button dropped the focus to the page.
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(userApi.login).toHaveBeenCalledTimes(1);
    finish(session);
    // Logged in, the screen goes: busy to the end, so a press in between sends nothing more.
    await waitFor(() => expect(button).not.toBeInTheDocument());
    expect(userApi.login).toHaveBeenCalledTimes(1);
  });

  it('asks for a captcha once the server does, and sends a fresh one with every try', async () => {
    const refusal = (key: string) => ({ code: 400, msg: `app.msg.${key}`, data: null });
    vi.mocked(userApi.login)
      .mockRejectedValueOnce({ ...refusal('captcha_required'), code: 429 })
      .mockRejectedValueOnce(refusal('login_failed'))
      .mockResolvedValueOnce(session as never);
    const router = renderScreen(<LoginScreen />, { path: '/login' });
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    await fill('alice01', 'secret12');
    const answer = await screen.findByLabelText('Captcha');
    expect(answer).toHaveFocus();
    // Why, said under the field rather than in a toast over its picture.
    expect(
      screen.getByText('Too many failed logins to this account. Enter the captcha to continue'),
    ).toBeInTheDocument();
    expect(toasts()).toEqual([]);
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(1));
    // Nothing typed yet: missing, not wrong, and not sent.
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(userApi.login).toHaveBeenCalledTimes(1);
    await userEvent.type(answer, 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(userApi.login).toHaveBeenCalledTimes(2));
    expect(userApi.login).toHaveBeenLastCalledWith({
      username: 'alice01',
      password: 'secret12',
      captchaId: 'cap-1',
      captcha: 'ab12',
    });
    // That answer is spent: a new picture, and the box emptied for it.
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(answer).toHaveValue(''));
    await userEvent.type(answer, 'cd34');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(userApi.login).toHaveBeenLastCalledWith({
      username: 'alice01',
      password: 'secret12',
      captchaId: 'cap-2',
      captcha: 'cd34',
    });
  });

  it('says a wrong captcha under it, with a new picture, and no toast', async () => {
    vi.mocked(userApi.login)
      .mockRejectedValueOnce({ code: 429, msg: 'app.msg.captcha_required', data: null })
      .mockRejectedValueOnce({ code: 400, msg: 'app.msg.graphic_captcha_incorrect', data: null });
    renderScreen(<LoginScreen />, { path: '/login' });
    await fill('alice01', 'secret12');
    await userEvent.type(await screen.findByLabelText('Captcha'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(2));
    await expectMarked('Captcha', 'The graphic captcha is incorrect');
    expect(toasts()).toEqual([]);
  });
});
