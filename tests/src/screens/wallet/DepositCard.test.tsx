import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import { localFailure } from '../../../../src/api/client';
import { DepositCard } from '../../../../src/screens/wallet/DepositCard';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { NETWORKS } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { depositAddress: vi.fn() } }));

const OWN = 'TNovaDemo1111111111111111111111112';
const [trc20, , , xrp] = NETWORKS as [(typeof NETWORKS)[0], unknown, unknown, (typeof NETWORKS)[0]];

beforeAll(setupI18n);
beforeEach(() => vi.mocked(walletApi.depositAddress).mockReset());

describe('the deposit card', () => {
  it('asks for the reader’s own address on a network they have none on yet, and shows it', async () => {
    vi.mocked(walletApi.depositAddress).mockResolvedValue({ address: OWN, memo: '' });
    renderScreen(<DepositCard net={{ ...trc20, depositAddress: '' }} />);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(OWN);
    expect(walletApi.depositAddress).toHaveBeenCalledWith({ coin: 'USDT', network: 'TRC20' });
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
  });

  it('shows an address the reader already has without asking', async () => {
    renderScreen(<DepositCard net={{ ...trc20, depositAddress: OWN }} />);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(OWN);
    expect(walletApi.depositAddress).not.toHaveBeenCalled();
  });

  it('shows the shared address and the reader’s memo on a memo network without asking', async () => {
    renderScreen(<DepositCard net={xrp} />);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(xrp.depositAddress);
    expect(screen.getByText('100001')).toBeInTheDocument();
    expect(walletApi.depositAddress).not.toHaveBeenCalled();
  });

  it('says why when no address is free, and asks again on retry', async () => {
    vi.mocked(walletApi.depositAddress)
      .mockRejectedValueOnce(localFailure('app.msg.deposit_address_unavailable'))
      .mockResolvedValueOnce({ address: OWN, memo: '' });
    renderScreen(<DepositCard net={{ ...trc20, depositAddress: '' }} />);
    expect(
      await screen.findByText(
        'No deposit address is free on this network right now. Please contact customer service',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(OWN);
  });
});
