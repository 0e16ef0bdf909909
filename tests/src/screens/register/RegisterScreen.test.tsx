import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../../src/api/user';
import { switchI18n } from '../../../../src/i18n';
import LoginScreen from '../../../../src/screens/login/LoginScreen';
import RegisterScreen from '../../../../src/screens/register/RegisterScreen';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen, storedUser } from '../renderScreen';
import { afterDoubleTap } from '../../../setup/dom';

vi.mock('../../../../src/api/site', () => ({
  siteApi: {
    content: vi.fn(async () => [{ title: 'Service agreement', body: 'Trade with care.' }]),
  },
}));

vi.mock('../../../../src/api/user', () => ({
  userApi: {
    register: vi.fn(),
    sendCode: vi.fn(),
    captcha: vi.fn(),
  },
}));

let captchas = 0;
beforeAll(setupI18n);
beforeEach(() => {
  captchas = 0;
  uiState.toasts.length = 0;
  vi.mocked(userApi.register).mockReset();
  vi.mocked(userApi.sendCode).mockReset().mockResolvedValue({ codeTicket: 'ticket-1' });
  vi.mocked(userApi.captcha)
    .mockReset()
    .mockImplementation(async () => ({ id: `cap-${++captchas}`, svg: '<svg/>' }));
});

const fillValid = async () => {
  await userEvent.type(screen.getByLabelText('Username'), 'alice_01');
  await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret12');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'secret12');
  await userEvent.type(screen.getByLabelText('Captcha'), 'ab12');
  await userEvent.type(screen.getByLabelText('Verification code'), '123456');
};

describe('registration screen', () => {
  it('pre-fills the invitation code from ?code=', async () => {
    renderScreen(<RegisterScreen />, { path: '/register', at: '/register?code=abc234' });
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveValue('ABC234');
  });

  it('keeps the invitation code on the way to the login screen and back', async () => {
    // A friend from an invitation link who taps "Log in", then "Sign up" there, came back to an
    // empty code: registered, they were nobody's invitee.
    renderScreen(<RegisterScreen />, { path: '/register', at: '/register?code=abc234&redirect=%2Fdefi' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fdefi&code=ABC234',
    );
    cleanup();
    renderScreen(<LoginScreen />, { path: '/login', at: '/login?redirect=%2Fdefi&code=ABC234' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fdefi&code=ABC234',
    );
  });

  it('takes the invitation code without the spaces a shared link or a paste brings along', async () => {
    // A link copied out of a chat message with the space after it ("…?code=abc234 "), a code
    // pasted as the friend read it out ("ABC 234"): the code is the same, and the server knows
    // only its letters and digits.
    renderScreen(<RegisterScreen />, { path: '/register', at: '/register?code=%20abc234%20' });
    const field = screen.getByLabelText('Invitation code (optional)');
    expect(field).toHaveValue('ABC234');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('abc 234\t');
    expect(field).toHaveValue('ABC234');
  });

  it('shows the same translated rule messages as the server, before sending', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'abcdefg');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abcdefh');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('The username must be 6 to 30 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(
      screen.getByText('The password must contain at least one letter and one digit'),
    ).toBeInTheDocument();
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it('takes the reader to the first field wrong, from a tap at the foot of the form', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'alice_01');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    // Put right, the next tap goes on to the next field still wrong.
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
  });

  it('sends the code on Enter in the captcha, not the form, and not again while it waits', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    const captcha = screen.getByLabelText('Captcha');
    expect(captcha).toHaveAttribute('enterkeyhint', 'send');
    await userEvent.type(captcha, 'ab12{Enter}');
    await waitFor(() => expect(userApi.sendCode).toHaveBeenCalledTimes(1));
    expect(userApi.sendCode).toHaveBeenCalledWith(
      expect.objectContaining({ target: 'alice@example.com', captcha: 'ab12' }),
    );
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await waitFor(() => expect(captcha).toHaveValue(''));
    await userEvent.type(captcha, 'cd34{Enter}');
    expect(userApi.sendCode).toHaveBeenCalledTimes(1);
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it('asks for every field left empty rather than calling it wrong or too short', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    for (const label of ['Username', 'Email', 'Password', 'Confirm password', 'Verification code'])
      expect(within(screen.getByLabelText(label).closest('.field')!).getByRole('alert')).toHaveTextContent(
        'This field is required',
      );
    expect(screen.queryByText('The verification code is incorrect')).toBeNull();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(screen.queryByText('The password must be 6 to 20 characters long')).toBeNull();
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it('asks for the captcha when a code is to be sent without one', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    // Said under it, as a new picture follows every send: the sign-up itself needs none.
    expect(screen.getByLabelText('Captcha')).toHaveAccessibleDescription('Needed to send the code');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(within(screen.getByLabelText('Captcha').closest('.field')!).getByRole('alert')).toHaveTextContent(
      'This field is required',
    );
    expect(userApi.sendCode).not.toHaveBeenCalled();
  });

  it('requires the service agreement', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    // Said beside the box, and kept there until it is ticked.
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please agree to the service agreement first');
    expect(uiState.toasts).toEqual([]);
    expect(userApi.register).not.toHaveBeenCalled();
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Please agree to the service agreement first')).toBeNull();
  });

  it('marks the fields still wrong beside asking for the agreement, in one tap', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please agree to the service agreement first')).toBeInTheDocument();
    expect(screen.getByText('The username must be 6 to 30 characters long')).toBeInTheDocument();
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it('reads the agreement as one sentence, its link where the language puts it', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    expect(screen.getByRole('checkbox')).toHaveAccessibleName(
      'I have read and agree to the Service agreement',
    );
    expect(screen.getByRole('link', { name: 'Service agreement' })).toHaveAttribute(
      'href',
      '/serviceAgreement',
    );
    try {
      // Korean names the agreement before the verb.
      await act(() => switchI18n('kr'));
      expect(screen.getByRole('checkbox')).toHaveAccessibleName('서비스 약관을 읽었으며 이에 동의합니다');
      expect(screen.getByRole('link', { name: '서비스 약관' })).toHaveAttribute('href', '/serviceAgreement');
    } finally {
      await act(() => switchI18n('us'));
    }
  });

  it('shows the agreement over the form, keeps what was typed, and ticks the box on agreeing', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('link', { name: 'Service agreement' }));
    // The sheet came up under the finger: the reader's next tap is a new one.
    afterDoubleTap();
    const sheet = screen.getByRole('dialog', { name: 'Service agreement' });
    expect(await within(sheet).findByText('Trade with care.')).toBeInTheDocument();
    // Beneath the sheet, out of reach while it is up.
    expect(screen.getByRole('checkbox', { hidden: true })).not.toBeChecked();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(screen.getByLabelText('Username')).toHaveValue('alice_01');
    expect(screen.getByLabelText('Password')).toHaveValue('secret12');
  });

  it('closes the agreement without agreeing', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.click(screen.getByRole('link', { name: 'Service agreement' }));
    afterDoubleTap();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('sends a code to the email after the captcha, registers with it and logs the new user in', async () => {
    vi.mocked(userApi.register).mockResolvedValue({ token: 't', userinfo: { certification: null } } as never);
    const router = renderScreen(<RegisterScreen />, { path: '/register', at: '/register?code=INV777' });
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalled());
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(userApi.sendCode).toHaveBeenCalledWith({
      target: 'alice@example.com',
      purpose: 'register',
      captchaId: 'cap-1',
      captcha: 'ab12',
    });
    expect(await screen.findByRole('button', { name: /Resend in 60 s/ })).toBeDisabled();
    expect(uiState.toasts.map((t) => t.text)).toContain('Verification code sent');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(userApi.register).toHaveBeenCalledWith({
      username: 'alice_01',
      email: 'alice@example.com',
      password: 'secret12',
      confirmPassword: 'secret12',
      inviteCode: 'INV777',
      code: '123456',
      codeTicket: 'ticket-1',
    });
    expect(storedUser()).toEqual({ token: 't', userinfo: { certification: null } });
  });

  it('takes a mobile number as a phone writes it, brackets and dots too, as login does', async () => {
    // A browser's autofill writes a US number "+1 (555) 010-9999": the login form takes it so.
    vi.mocked(userApi.register).mockResolvedValue({ token: 't', userinfo: { certification: null } } as never);
    renderScreen(<RegisterScreen />, { path: '/register' });
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalled());
    await fillValid();
    await userEvent.type(screen.getByLabelText('Mobile (optional)'), '+1 (555) 010-9999');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(userApi.register).toHaveBeenCalledWith(expect.objectContaining({ phone: '+15550109999' })),
    );
  });

  it('says a name taken and a wrong code under their fields, not in toasts', async () => {
    vi.mocked(userApi.register)
      .mockRejectedValueOnce({ code: 409, msg: 'app.msg.username_exists', data: null })
      .mockRejectedValueOnce({ code: 400, msg: 'app.msg.captcha_incorrect', data: null });
    renderScreen(<RegisterScreen />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const username = await expectMarked('Username', 'This username is already taken');
    await userEvent.type(username, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await expectMarked('Verification code', 'The verification code is incorrect');
    expect(username).toHaveAttribute('aria-invalid', 'false');
  });

  it('draws a new captcha after each send, refused or not', async () => {
    vi.mocked(userApi.sendCode).mockRejectedValue({ code: 409, msg: 'app.msg.email_exists', data: null });
    renderScreen(<RegisterScreen />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(userApi.captcha).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
    expect(userApi.register).not.toHaveBeenCalled();
  });

  it('checks the email before sending a code to it', async () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Captcha'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(userApi.sendCode).not.toHaveBeenCalled();
  });
});
