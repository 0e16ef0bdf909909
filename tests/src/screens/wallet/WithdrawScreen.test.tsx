import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import { useBalances } from '../../../../src/hooks/useSpot';
import { switchI18n } from '../../../../src/i18n';
import WithdrawScreen from '../../../../src/screens/wallet/WithdrawScreen';
import { configState } from '../../../../src/state/config';
import { sessionState } from '../../../../src/state/session';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { ADDRESS, NETWORKS, login } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({
  walletApi: { coins: vi.fn(), addresses: vi.fn(), withdraw: vi.fn() },
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
const holding = (available: string) =>
  vi.mocked(useBalances).mockReturnValue([{ asset: 'USDT', available, frozen: '0.00000000' }]);
const open = () => renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });

beforeAll(setupI18n);
beforeEach(async () => {
  sessionState.user = login();
  configState.config = { thirdPartyWithdrawalAddress: false } as never;
  vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS);
  vi.mocked(walletApi.addresses).mockResolvedValue([saved]);
  vi.mocked(walletApi.withdraw).mockReset();
  holding('9237.50000000');
  await switchI18n('de');
});
afterEach(() => switchI18n('us'));

describe('/withdraw in German', () => {
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
