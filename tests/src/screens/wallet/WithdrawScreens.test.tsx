import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import { useBalances } from '../../../../src/hooks/useSpot';
import { i18n, switchI18n } from '../../../../src/i18n';
import WithdrawAddressAddScreen from '../../../../src/screens/wallet/WithdrawAddressAddScreen';
import WithdrawScreen from '../../../../src/screens/wallet/WithdrawScreen';
import { configState } from '../../../../src/state/config';
import { refreshUserInfo } from '../../../../src/api/refreshUser';
import { sessionState, setUser, type Certification } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen } from '../renderScreen';
import { ADDRESS, NETWORKS, login } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({
  walletApi: { coins: vi.fn(), addresses: vi.fn(), withdraw: vi.fn(), addAddress: vi.fn() },
}));
vi.mock('../../../../src/hooks/useSpot', () => ({ useBalances: vi.fn() }));
vi.mock('../../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));
vi.mock('../../../../src/state/config', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadSiteConfig: vi.fn(async () => null),
}));

const saved = {
  id: 5,
  coin: 'USDT',
  network: 'TRC20' as const,
  address: ADDRESS,
  memo: '',
  remark: 'Cold',
  createdAt: 0,
};

beforeAll(setupI18n);
beforeEach(() => {
  sessionState.user = login();
  configState.config = { thirdPartyWithdrawalAddress: true } as never;
  vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS);
  vi.mocked(walletApi.addresses).mockResolvedValue([saved]);
  vi.mocked(walletApi.withdraw).mockReset();
  vi.mocked(walletApi.addAddress).mockReset();
  vi.mocked(useBalances).mockReturnValue([
    { asset: 'USDT', available: '100.50000000', frozen: '0.00000000' },
  ]);
});

/** A withdrawal the server refuses with `msg`, by a reader whose status the server now gives as
 * `certification` (the stored one, approved, let them try). */
const refusedFor = async (certification: Certification, msg: string) => {
  uiState.toasts.length = 0;
  uiState.alerts.length = 0;
  vi.mocked(walletApi.withdraw).mockRejectedValue({ code: 403, msg, data: null });
  const router = renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
  vi.mocked(refreshUserInfo).mockImplementationOnce(async () =>
    setUser({ token: 'tok', userinfo: { certification, hasWithdrawPassword: true } }),
  );
  await userEvent.type(await screen.findByLabelText('Amount'), '50');
  await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
  await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  return router;
};

describe('/withdraw', () => {
  it('shows the fee, what arrives and the balance; limits say their value like the server', async () => {
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    expect(await screen.findByRole('radio', { name: /Cold/ })).toBeChecked();
    expect(screen.getByTestId('withdraw-available')).toHaveTextContent('100.50000000 USDT');
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '9');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('Minimum withdrawal amount: 10')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '100.6');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('99.5 USDT');
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });

  it('shows what arrives as unknown with the dash the app writes for it, until an amount is typed', async () => {
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    expect(await screen.findByTestId('withdraw-received')).toHaveTextContent(/^— USDT$/);
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^19 USDT$/);
  });

  it('sends the saved address with one request key, and a typed one when allowed', async () => {
    vi.mocked(walletApi.withdraw).mockResolvedValue({} as never);
    const router = renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '50.25');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/record'));
    expect(walletApi.withdraw).toHaveBeenCalledWith({
      coin: 'USDT',
      network: 'TRC20',
      address: ADDRESS,
      amount: '50.25',
      fee: '1',
      password: 'draw1234',
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('sends again under the same key after a lost answer, and a changed withdrawal under a new one', async () => {
    vi.mocked(walletApi.withdraw)
      .mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null })
      .mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null })
      .mockResolvedValueOnce({} as never);
    const router = renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    const amount = await screen.findByLabelText('Amount');
    await userEvent.type(amount, '50');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    const withdraw = screen.getByRole('button', { name: 'Withdraw' });
    await userEvent.click(withdraw);
    await waitFor(() => expect(walletApi.withdraw).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(withdraw).toBeEnabled());
    await userEvent.click(withdraw);
    await waitFor(() => expect(walletApi.withdraw).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(withdraw).toBeEnabled());
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(withdraw);
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/record'));
    const keys = vi.mocked(walletApi.withdraw).mock.calls.map(([body]) => body.requestKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(vi.mocked(walletApi.withdraw).mock.calls[2]![0]).toMatchObject({ amount: '20' });
  });

  it('shows no figure received for an amount the form refuses, until it is changed', async () => {
    vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS.map((n) => ({ ...n, decimals: 6 })));
    vi.mocked(useBalances).mockReturnValue([{ asset: 'USDT', available: '150000', frozen: '0' }]);
    const user = userEvent.setup();
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    const amount = await screen.findByLabelText('Amount');
    const refused = async (typed: string, said: string) => {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
      await expectMarked('Amount', said);
      expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^— USDT$/);
    };
    await refused('150000', 'Maximum withdrawal amount: 100,000');
    await refused('9', 'Minimum withdrawal amount: 10');
    vi.mocked(useBalances).mockReturnValue([{ asset: 'USDT', available: '50', frozen: '0' }]);
    await refused('60', 'Insufficient balance');
    await user.type(amount, '{Backspace}');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^5 USDT$/);
    // Pasted finer than the network carries, it is refused as it is pasted.
    await user.clear(amount);
    await user.paste('20.1234567');
    expect(amount).toHaveAccessibleDescription('Too many decimal places (at most 6)');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent(/^— USDT$/);
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });

  it('fills in all of the balance the network can carry, rounded down to its decimal places', async () => {
    vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS.map((n) => ({ ...n, decimals: 6 })));
    vi.mocked(useBalances).mockReturnValue([{ asset: 'USDT', available: '100.12345678', frozen: '0' }]);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('100.123456');
  });

  it('takes no digit past the network\u2019s places, saying so rather than cutting it silently', async () => {
    vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS.map((n) => ({ ...n, decimals: 6 })));
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    const amount = await screen.findByLabelText('Amount');
    await userEvent.type(amount, '100.123456789');
    expect(amount).toHaveValue('100.123456');
    expect(amount).toHaveAccessibleDescription('Too many decimal places (at most 6)');
  });

  it('sends the fee it shows, and shows the new one when the server says it has changed', async () => {
    uiState.toasts.length = 0;
    vi.mocked(walletApi.withdraw)
      .mockRejectedValueOnce({ code: 409, msg: 'app.msg.fee_changed', data: { fee: '3' } })
      .mockResolvedValueOnce({} as never);
    const router = renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    const fee = () => screen.getByText('Service fee').nextSibling;
    expect(fee()).toHaveTextContent('1 USDT');

    // The operator raised the TRC20 fee after the form read it.
    vi.mocked(walletApi.coins).mockResolvedValue(
      NETWORKS.map((n) => (n.network === 'TRC20' ? { ...n, withdrawFee: '3' } : n)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fee()).toHaveTextContent('3 USDT'));
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('17 USDT');
    expect(walletApi.withdraw).toHaveBeenCalledWith(expect.objectContaining({ fee: '1' }));
    expect(uiState.toasts.map((toast) => toast.text)).toEqual([
      'The fee has changed. Please check the new fee and try again',
    ]);
    expect(router.state.location.pathname).toBe('/withdraw');

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/record'));
    expect(walletApi.withdraw).toHaveBeenLastCalledWith(expect.objectContaining({ amount: '20', fee: '3' }));
  });

  it('offers to set a withdrawal password when the server says none is set', async () => {
    vi.mocked(walletApi.withdraw).mockRejectedValueOnce({
      code: 403,
      msg: 'app.msg.withdraw_pwd_not_set',
      data: null,
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    expect(screen.queryByText('Set a withdrawal password before withdrawing.')).toBeNull();
    vi.mocked(refreshUserInfo).mockImplementationOnce(async () =>
      setUser({ token: 'tok', userinfo: { certification: 2, hasWithdrawPassword: false } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Set a withdrawal password before withdrawing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set it now' })).toHaveAttribute('href', '/withdrawalPwd');
  });

  it('past the wrong withdrawal passwords, keeps the way out on the form: the reset by email code', async () => {
    vi.mocked(walletApi.withdraw).mockRejectedValueOnce({
      code: 429,
      msg: 'app.msg.withdraw_pwd_tries',
      data: null,
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    expect(screen.queryByTestId('withdraw-tried-out')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const note = await screen.findByTestId('withdraw-tried-out');
    expect(note).toHaveTextContent(
      'Too many wrong withdrawal passwords. Try again in 15 minutes, or reset your withdrawal password.',
    );
    expect(within(note).getByRole('link', { name: 'Forgot your withdrawal password?' })).toHaveAttribute(
      'href',
      '/withdrawalPwd?reset=1',
    );
  });

  it.each([
    [null, 'app.msg.verification_required', 'Please complete identity verification first', '/authentication'],
    [
      1,
      'app.msg.verification_required',
      'Your identity verification failed. Please verify again',
      '/authentication',
    ],
  ] as const)(
    'answers a refusal for verification as the route gate does (server status %s)',
    async (certification, msg, prompt, path) => {
      const router = await refusedFor(certification, msg);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(uiState.toasts.map((toast) => toast.text)).toEqual([prompt]);
    },
  );

  it('says a wrong withdrawal password under its field, not in a toast, until it is typed again', async () => {
    uiState.toasts.length = 0;
    vi.mocked(walletApi.withdraw).mockRejectedValue({
      code: 400,
      msg: 'app.msg.withdraw_pwd_incorrect',
      data: null,
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const password = await expectMarked('Withdrawal password', 'The withdrawal password is incorrect');
    expect(uiState.toasts).toEqual([]);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'false');
    await userEvent.type(password, '5');
    expect(password).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a limit the server refuses the amount by under it, with the limit', async () => {
    uiState.toasts.length = 0;
    vi.mocked(walletApi.withdraw).mockRejectedValue({
      code: 2003,
      msg: 'app.msg.withdraw_max',
      data: { message: 'app.msg.withdraw_max', value: '50000' },
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await expectMarked('Amount', /^Maximum withdrawal amount: /);
    expect(uiState.toasts).toEqual([]);
  });

  it('alerts a reader whose verification is under review and keeps the form', async () => {
    const router = await refusedFor(0, 'app.msg.verification_pending');
    await waitFor(() =>
      expect(uiState.alerts.map((a) => a.text)).toEqual([
        'Your identity verification is under review. Please wait for the result',
      ]),
    );
    expect(router.state.location.pathname).toBe('/withdraw');
    expect(uiState.toasts).toEqual([]);
  });

  it('checks a typed address against the network', async () => {
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Another address' }));
    await userEvent.type(screen.getByLabelText('Address'), '0x52908400098527886E0F7030069857D2E4169EE7');
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('This is not a valid address for the selected network')).toBeInTheDocument();
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });

  it('sent empty, says every field that is missing at once, not the amount alone', async () => {
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Another address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await expectMarked('Amount', 'This field is required');
    await expectMarked('Address', 'This field is required');
    await expectMarked('Withdrawal password', 'This field is required');
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });

  it('says a missing password with an amount below the minimum, both at once', async () => {
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await expectMarked('Amount', 'Minimum withdrawal amount: 10');
    await expectMarked('Withdrawal password', 'This field is required');
  });

  it('offers only saved addresses when the site allows no others', async () => {
    configState.config = { thirdPartyWithdrawalAddress: false } as never;
    vi.mocked(walletApi.addresses).mockResolvedValue([]);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    expect(
      await screen.findByText('Withdrawals go to saved addresses only. Add one first.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
  });
});

describe('/withdraw: saved addresses that differ only by their tag', () => {
  it('shows each one’s memo in the picker and sends the picked one’s', async () => {
    vi.mocked(walletApi.withdraw).mockResolvedValue({} as never);
    vi.mocked(useBalances).mockReturnValue([
      { asset: 'XRP', available: '500.00000000', frozen: '0.00000000' },
    ]);
    const xrp = {
      ...saved,
      coin: 'XRP',
      network: 'XRP' as const,
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    };
    vi.mocked(walletApi.addresses).mockResolvedValue([
      { ...xrp, id: 7, memo: '111', remark: 'Exchange' },
      { ...xrp, id: 8, memo: '222', remark: 'Exchange' },
    ]);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=XRP' });
    expect(await screen.findByRole('radio', { name: /Memo \(destination tag\): 111/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Memo \(destination tag\): 222/ }));
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(walletApi.withdraw).toHaveBeenCalledWith(
        expect.objectContaining({ network: 'XRP', memo: '222' }),
      ),
    );
  });
});

describe('/withdraw to a saved address whose tag no payment can carry', () => {
  it('says what is wrong with its tag under the picker, sending nothing', async () => {
    vi.mocked(useBalances).mockReturnValue([
      { asset: 'XRP', available: '500.00000000', frozen: '0.00000000' },
    ]);
    // Saved before tags were held to XRP's format.
    vi.mocked(walletApi.addresses).mockResolvedValue([
      {
        ...saved,
        id: 9,
        coin: 'XRP',
        network: 'XRP' as const,
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        memo: 'HELLOworld',
      },
    ]);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=XRP' });
    expect(await screen.findByRole('radio', { name: /HELLOworld/ })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('group', { name: 'Withdrawal address' })).toHaveAccessibleDescription(
      i18n.t('app.msg.destination_tag_invalid'),
    );
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });
});

describe('/withdraw during the lock after a login password change', () => {
  const lockedUntil = (until: number) =>
    setUser({
      token: 'tok',
      userinfo: { certification: 2, hasWithdrawPassword: true, withdrawLockedUntil: until },
    });

  it('says until when, in local time, and offers no submit until the lock ends', async () => {
    const until = Date.now() + 1500;
    lockedUntil(until);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    const time = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(until);
    expect(await screen.findByTestId('withdraw-locked')).toHaveTextContent(
      `Withdrawals are locked for 24 hours after a login password change or a withdrawal password reset. You can withdraw again from ${time}.`,
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    // The lock ends while the screen is open.
    await waitFor(() => expect(screen.queryByTestId('withdraw-locked')).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('says nothing once the lock has passed', async () => {
    lockedUntil(Date.now() - 1000);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(screen.queryByTestId('withdraw-locked')).toBeNull();
  });

  it('says it in French with the French date', async () => {
    const until = Date.UTC(2099, 0, 15, 10, 30);
    lockedUntil(until);
    await switchI18n('fr');
    try {
      renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
      const time = new Intl.DateTimeFormat('fr-FR', {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(until);
      expect(await screen.findByTestId('withdraw-locked')).toHaveTextContent(
        `Vous pourrez de nouveau retirer à partir du ${time}.`,
      );
      expect(screen.getByRole('button', { name: 'Retirer' })).toBeDisabled();
    } finally {
      await switchI18n('us');
    }
  });
});

describe('/withdraw for an account whose withdrawals customer service prohibited', () => {
  it('says so on opening and offers no submit, rather than after every field is typed', async () => {
    setUser({
      token: 'tok',
      userinfo: { certification: 2, hasWithdrawPassword: true, withdrawProhibited: true },
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    expect(await screen.findByTestId('withdraw-prohibited')).toHaveTextContent(
      i18n.t('app.msg.withdraw_prohibited'),
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it('refused for it while the screen was open, reads the account again and says so there', async () => {
    vi.mocked(walletApi.withdraw).mockRejectedValue({
      code: 403,
      msg: 'app.msg.withdraw_prohibited',
      data: null,
    });
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    vi.mocked(refreshUserInfo).mockImplementation(async () =>
      setUser({
        token: 'tok',
        userinfo: { certification: 2, hasWithdrawPassword: true, withdrawProhibited: true },
      }),
    );
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
      expect(await screen.findByTestId('withdraw-prohibited')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    } finally {
      vi.mocked(refreshUserInfo).mockImplementation(async () => undefined);
    }
  });
});

describe('/withdraw → Manage addresses', () => {
  const manage = async (at: string) => {
    const router = renderScreen(<WithdrawScreen />, { path: '/withdraw', at });
    // On the address group's heading row, which names the group without the link's words.
    const group = await screen.findByRole('group', { name: 'Withdrawal address' });
    await userEvent.click(within(group).getByRole('link', { name: 'Manage addresses' }));
    return router.state.location;
  };

  it('opens the address book, on the coin and network of the withdrawal for an address added there', async () => {
    // The one saved address is of another coin: the book still holds it.
    expect(await manage('/withdraw?coin=BTC')).toMatchObject({
      pathname: '/withdrawAddress',
      search: '?coin=BTC&network=BTC',
    });
  });

  it('with no address saved yet, opens the form for the first', async () => {
    vi.mocked(walletApi.addresses).mockResolvedValue([]);
    expect(await manage('/withdraw?coin=BTC')).toMatchObject({
      pathname: '/withdrawAddress/add',
      search: '?coin=BTC&network=BTC',
    });
  });
});

describe('/withdrawAddress/add', () => {
  it('starts on the coin it was opened for', async () => {
    renderScreen(<WithdrawAddressAddScreen />, {
      path: '/withdrawAddress/add',
      at: '/withdrawAddress/add?coin=BTC&network=BTC',
    });
    expect(await screen.findByLabelText('Currency type')).toHaveValue('BTC');
    expect(screen.getByRole('radio', { name: 'BTC' })).toBeChecked();
  });

  it('starts on the network it was opened for', async () => {
    renderScreen(<WithdrawAddressAddScreen />, {
      path: '/withdrawAddress/add',
      at: '/withdrawAddress/add?coin=USDT&network=ERC20',
    });
    expect(await screen.findByRole('radio', { name: 'ERC20' })).toBeChecked();
  });

  it('says an address already saved under the address', async () => {
    vi.mocked(walletApi.addAddress).mockRejectedValue({
      code: 409,
      msg: 'app.msg.withdraw_address_used',
      data: null,
    });
    renderScreen(<WithdrawAddressAddScreen />, { path: '/withdrawAddress/add' });
    await userEvent.type(await screen.findByLabelText('Withdrawal address'), ADDRESS);
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await expectMarked('Withdrawal address', /./);
    expect(screen.getByLabelText('Withdrawal address')).toHaveAccessibleDescription(
      i18n.t('app.msg.withdraw_address_used'),
    );
  });

  it('asks for the memo on a memo network and saves the address', async () => {
    vi.mocked(walletApi.addAddress).mockResolvedValue(saved);
    renderScreen(<WithdrawAddressAddScreen />, { path: '/withdrawAddress/add' });
    const address = await screen.findByLabelText('Withdrawal address');
    await userEvent.type(address, 'abc-123');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('The address may contain only letters and digits')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Currency type'), 'XRP');
    await userEvent.clear(address);
    await userEvent.type(address, 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('Please enter a valid memo (letters and digits)')).toBeInTheDocument();
    // XRP's tag is a number: one in letters would be saved and paid by no one.
    const memo = screen.getByLabelText('Memo (destination tag)');
    await userEvent.type(memo, 'HELLO');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(memo).toHaveAccessibleDescription(i18n.t('app.msg.destination_tag_invalid'));
    await userEvent.clear(memo);
    await userEvent.type(memo, '778899');
    await userEvent.type(screen.getByLabelText('Remark (optional)'), 'Exchange');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByLabelText('Withdrawal password')).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(walletApi.addAddress).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(walletApi.addAddress).toHaveBeenCalledWith({
        coin: 'XRP',
        network: 'XRP',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        memo: '778899',
        remark: 'Exchange',
        password: 'draw1234',
      }),
    );
  });

  /** Types a valid address and the password and taps save, the server answering `msg`. */
  const refusedAddress = async (code: number, msg: string) => {
    uiState.toasts.length = 0;
    vi.mocked(walletApi.addAddress).mockRejectedValue({ code, msg, data: null });
    renderScreen(<WithdrawAddressAddScreen />, { path: '/withdrawAddress/add' });
    await userEvent.type(await screen.findByLabelText('Withdrawal address'), ADDRESS);
    await userEvent.type(screen.getByLabelText('Withdrawal password'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
  };

  it('says a wrong withdrawal password under its field, saving nothing', async () => {
    await refusedAddress(400, 'app.msg.withdraw_pwd_incorrect');
    await expectMarked('Withdrawal password', 'The withdrawal password is incorrect');
    expect(uiState.toasts).toEqual([]);
    expect(screen.getByLabelText('Withdrawal address')).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks a reader without a withdrawal password to set one first', async () => {
    sessionState.user = login({ hasWithdrawPassword: false });
    renderScreen(<WithdrawAddressAddScreen />, { path: '/withdrawAddress/add' });
    const note = await screen.findByTestId('withdraw-pwd-unset');
    expect(note).toHaveTextContent('Set a withdrawal password before saving an address.');
    expect(within(note).getByRole('link', { name: 'Set it now' })).toHaveAttribute('href', '/withdrawalPwd');
  });

  it('past the wrong withdrawal passwords, keeps the way out on the form', async () => {
    await refusedAddress(429, 'app.msg.withdraw_pwd_tries');
    const note = await screen.findByTestId('withdraw-tried-out');
    expect(within(note).getByRole('link', { name: 'Forgot your withdrawal password?' })).toHaveAttribute(
      'href',
      '/withdrawalPwd?reset=1',
    );
  });
});

describe('/withdraw in German', () => {
  const holding = (available: string) =>
    vi.mocked(useBalances).mockReturnValue([{ asset: 'USDT', available, frozen: '0.00000000' }]);
  const open = () => renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
  beforeEach(async () => {
    configState.config = { thirdPartyWithdrawalAddress: false } as never;
    holding('9237.50000000');
    await switchI18n('de');
  });
  afterEach(() => switchI18n('us'));

  it('writes the balance, the fee and the limits as /assets does', async () => {
    open();
    const amount = await screen.findByLabelText('Betrag');
    expect(screen.getByTestId('withdraw-available')).toHaveTextContent('9.237,50000000 USDT');
    expect(screen.getByText('Limits pro Auszahlung').nextSibling).toHaveTextContent(/^10 – 100\.000 USDT$/);
    expect(screen.getByText('Servicegebühr').nextSibling).toHaveTextContent('1 USDT');
    expect(amount).toHaveAttribute('placeholder', '10 – 100.000');
  });

  it('takes an amount typed with a decimal comma and sends it as a decimal', async () => {
    vi.mocked(walletApi.withdraw).mockResolvedValue({} as never);
    open();
    const amount = await screen.findByLabelText('Betrag');
    await userEvent.type(amount, '12,5');
    // Shown with the reader's decimal mark, sent as the plain decimal.
    expect(amount).toHaveValue('12,5');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('11,5 USDT');
    await userEvent.type(screen.getByLabelText('Auszahlungspasswort'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Auszahlen' }));
    await waitFor(() =>
      expect(walletApi.withdraw).toHaveBeenCalledWith(expect.objectContaining({ amount: '12.5' })),
    );
  });

  it('keeps an amount pasted past the network’s places and says why, on sending too', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText('Betrag'));
    await user.paste('0,000000001');
    expect(screen.getByLabelText('Betrag')).toHaveValue('0,000000001');
    await user.type(screen.getByLabelText('Auszahlungspasswort'), 'draw1234');
    await user.click(screen.getByRole('button', { name: 'Auszahlen' }));
    await expectMarked('Betrag', /^Zu viele Nachkommastellen \(höchstens 8\)$/);
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });

  it('says the limit an amount breaks in the reader’s figures', async () => {
    holding('250000.00000000');
    open();
    await userEvent.type(await screen.findByLabelText('Betrag'), '100000,5');
    await userEvent.type(screen.getByLabelText('Auszahlungspasswort'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Auszahlen' }));
    expect(screen.getByText('Höchstbetrag der Auszahlung: 100.000')).toBeInTheDocument();
    expect(walletApi.withdraw).not.toHaveBeenCalled();
  });
});
