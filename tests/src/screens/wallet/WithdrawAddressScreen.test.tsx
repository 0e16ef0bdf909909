import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawAddress } from '../../../../protocol/wallet';
import { walletApi } from '../../../../src/api/wallet';
import WithdrawAddressScreen from '../../../../src/screens/wallet/WithdrawAddressScreen';
import { setUser } from '../../../../src/state/session';
import { afterDoubleTap, tap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

vi.mock('../../../../src/api/wallet', () => ({
  walletApi: { addresses: vi.fn(), deleteAddress: vi.fn() },
}));

const ADDRESS = {
  id: 7,
  coin: 'USDT',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  memo: '',
  remark: 'Cold wallet',
} as unknown as WithdrawAddress;

beforeAll(setupI18n);
beforeEach(() => {
  setUser({ token: 'tok', userinfo: { certification: 2 } });
  vi.mocked(walletApi.addresses).mockReset().mockResolvedValue([ADDRESS]);
  vi.mocked(walletApi.deleteAddress)
    .mockReset()
    .mockResolvedValue(undefined as never);
});

const deleteButton = async () => within(await screen.findByTestId('address-row')).getByRole('button');

describe('/withdrawAddress', () => {
  it('deletes an address on a second, separate tap of the button that asks to confirm', async () => {
    renderScreen(<WithdrawAddressScreen />);
    tap(await deleteButton());
    expect(await deleteButton()).toHaveTextContent('Tap again to delete');
    expect(walletApi.deleteAddress).not.toHaveBeenCalled();
    afterDoubleTap();
    vi.mocked(walletApi.addresses).mockResolvedValue([]);
    tap(await deleteButton());
    await waitFor(() => expect(walletApi.deleteAddress).toHaveBeenCalledWith(7));
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
  });

  it('opened from a withdrawal, adds an address on its coin and network', async () => {
    renderScreen(<WithdrawAddressScreen />, {
      path: '/withdrawAddress',
      at: '/withdrawAddress?coin=BTC&network=BTC',
    });
    await screen.findByTestId('address-row');
    for (const link of screen.getAllByRole('link', { name: 'Add address' }))
      expect(link).toHaveAttribute('href', '/withdrawAddress/add?coin=BTC&network=BTC');
  });

  it('does not delete on a double tap: the second tap does not answer the question the first asked', async () => {
    renderScreen(<WithdrawAddressScreen />);
    tap(await deleteButton());
    tap(await deleteButton());
    expect(await deleteButton()).toHaveTextContent('Tap again to delete');
    expect(walletApi.deleteAddress).not.toHaveBeenCalled();
  });
});
