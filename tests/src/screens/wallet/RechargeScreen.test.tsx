import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import { switchI18n } from '../../../../src/i18n';
import RechargeScreen from '../../../../src/screens/wallet/RechargeScreen';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen } from '../renderScreen';
import { NETWORKS, login } from './fixtures';
import { setUser } from '../../../../src/state/session';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { coins: vi.fn(), deposit: vi.fn() } }));

beforeAll(setupI18n);
// Login-only screens, read for the session that opened them.
beforeAll(() => setUser({ token: 'tok', userinfo: { certification: 2 } }));
beforeEach(async () => {
  login();
  vi.mocked(walletApi.coins).mockResolvedValue(
    NETWORKS.map((n) => (n.coin === 'XRP' ? { ...n, minDeposit: '20.5', maxDeposit: '10000000' } : n)),
  );
  vi.mocked(walletApi.deposit).mockReset();
  await switchI18n('de');
});
afterEach(() => switchI18n('us'));

describe('/recharge in German', () => {
  it('writes the limits in the reader’s figures', async () => {
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=XRP' });
    const amount = await screen.findByLabelText('Einzahlungsbetrag');
    expect(screen.getByText('Mindesteinzahlung').nextSibling).toHaveTextContent('20,5 XRP');
    expect(screen.getByText('Höchsteinzahlung').nextSibling).toHaveTextContent('10.000.000 XRP');
    expect(amount).toHaveAttribute('placeholder', '20,5 – 10.000.000');
    expect(screen.getByRole('note')).toHaveTextContent('Minimum von 20,5 XRP');
  });

  it('declares an amount typed with a decimal comma as a decimal', async () => {
    vi.mocked(walletApi.deposit).mockResolvedValue({ id: 42 } as never);
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    const amount = await screen.findByLabelText('Einzahlungsbetrag');
    await userEvent.type(amount, '12,5');
    // Shown with the reader's decimal mark, sent as the plain decimal.
    expect(amount).toHaveValue('12,5');
    await userEvent.click(screen.getByRole('button', { name: 'Ich habe gesendet' }));
    await waitFor(() =>
      expect(walletApi.deposit).toHaveBeenCalledWith({
        coin: 'USDT',
        network: 'TRC20',
        amount: '12.5',
        requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    );
  });

  it.each(['12,', '0012'])('declares "%s" as the 12 it means', async (typed) => {
    vi.mocked(walletApi.deposit).mockResolvedValue({ id: 42 } as never);
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Einzahlungsbetrag'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Ich habe gesendet' }));
    await waitFor(() =>
      expect(walletApi.deposit).toHaveBeenCalledWith(expect.objectContaining({ amount: '12' })),
    );
  });

  it('says a transaction hash already declared under it', async () => {
    vi.mocked(walletApi.deposit).mockRejectedValue({ code: 409, msg: 'app.msg.tx_hash_used', data: null });
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Einzahlungsbetrag'), '12');
    await userEvent.type(screen.getByLabelText('Transaktions-Hash (optional)'), 'a'.repeat(64));
    await userEvent.click(screen.getByRole('button', { name: 'Ich habe gesendet' }));
    await expectMarked('Transaktions-Hash (optional)', 'Diese Transaktion wurde bereits gemeldet');
  });

  it('takes no more decimal places than the network carries', async () => {
    vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS.map((n) => ({ ...n, decimals: 6 })));
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    const amount = await screen.findByLabelText('Einzahlungsbetrag');
    await userEvent.type(amount, '12,1234567');
    expect(amount).toHaveValue('12,123456');
    expect(amount).toHaveAccessibleDescription('Zu viele Nachkommastellen (höchstens 6)');
  });
});
