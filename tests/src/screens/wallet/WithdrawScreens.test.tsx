import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import { useBalances } from '../../../../src/hooks/useSpot';
import { switchI18n } from '../../../../src/i18n';
import WithdrawAddressAddScreen from '../../../../src/screens/wallet/WithdrawAddressAddScreen';
import WithdrawScreen from '../../../../src/screens/wallet/WithdrawScreen';
import { configState } from '../../../../src/state/config';
import { refreshUserInfo } from '../../../../src/api/refreshUser';
import { sessionState, setUser, type Certification } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
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
      password: 'draw1234',
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
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

describe('/withdrawAddress/add', () => {
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
    await userEvent.type(screen.getByLabelText('Memo (destination tag)'), '778899');
    await userEvent.type(screen.getByLabelText('Remark (optional)'), 'Exchange');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(walletApi.addAddress).toHaveBeenCalledWith({
        coin: 'XRP',
        network: 'XRP',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        memo: '778899',
        remark: 'Exchange',
      }),
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
    expect(screen.getByText('Grenzen je Auszahlung').nextSibling).toHaveTextContent('10 – 100.000');
    expect(screen.getByText('Servicegebühr').nextSibling).toHaveTextContent('1 USDT');
    expect(amount).toHaveAttribute('placeholder', '10 – 100.000');
  });

  it('takes an amount typed with a decimal comma and sends it as a decimal', async () => {
    vi.mocked(walletApi.withdraw).mockResolvedValue({} as never);
    open();
    const amount = await screen.findByLabelText('Betrag');
    await userEvent.type(amount, '12,5');
    expect(amount).toHaveValue('12.5');
    expect(screen.getByTestId('withdraw-received')).toHaveTextContent('11,5 USDT');
    await userEvent.type(screen.getByLabelText('Auszahlungspasswort'), 'draw1234');
    await userEvent.click(screen.getByRole('button', { name: 'Auszahlen' }));
    await waitFor(() =>
      expect(walletApi.withdraw).toHaveBeenCalledWith(expect.objectContaining({ amount: '12.5' })),
    );
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
