import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '../../../../src/api/wallet';
import AssetDetailScreen from '../../../../src/screens/wallet/AssetDetailScreen';
import RechargeScreen from '../../../../src/screens/wallet/RechargeScreen';
import RechargeSelectScreen from '../../../../src/screens/wallet/RechargeSelectScreen';
import WithdrawAddressAddScreen from '../../../../src/screens/wallet/WithdrawAddressAddScreen';
import WithdrawAddressScreen from '../../../../src/screens/wallet/WithdrawAddressScreen';
import WithdrawScreen from '../../../../src/screens/wallet/WithdrawScreen';
import { configState } from '../../../../src/state/config';
import { setUser } from '../../../../src/state/session';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { NETWORKS } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({
  walletApi: { coins: vi.fn(), addresses: vi.fn(), financ: vi.fn() },
}));
vi.mock('../../../../src/hooks/useSpot', () => ({
  useBalances: () => [{ asset: 'USDT', available: '100.00000000', frozen: '0.00000000' }],
}));
vi.mock('../../../../src/hooks/useMarket', () => ({
  useTickers: () => undefined,
  useServerOffset: () => 0,
  useConnection: () => 'open',
}));
vi.mock('../../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));
vi.mock('../../../../src/state/config', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadSiteConfig: vi.fn(async () => null),
}));

const OFFLINE = { code: 0, msg: 'app.msg.network_error', data: null };
const SERVER_ERROR = { code: 500, msg: 'app.msg.unexpected_error', data: null };

beforeAll(setupI18n);
let sessions = 0;
beforeEach(() => {
  // A session of its own each time: what an earlier one read would show in place of a failure.
  setUser({ token: `tok-${++sessions}`, userinfo: { certification: 2, hasWithdrawPassword: true } });
  configState.config = { thirdPartyWithdrawalAddress: true } as never;
  vi.mocked(walletApi.coins).mockReset().mockResolvedValue(NETWORKS);
  vi.mocked(walletApi.addresses).mockReset().mockResolvedValue([]);
  vi.mocked(walletApi.financ).mockReset();
});

/** The screen says the read failed and why, in place of a spinner; Try again reads again and the
 * screen fills in. */
const failsThenRetries = async (reason: string, ready: () => Promise<unknown>) => {
  const failed = await screen.findByTestId('load-failed');
  expect(within(failed).getByText('Something went wrong')).toBeInTheDocument();
  expect(within(failed).getByText(reason)).toBeInTheDocument();
  expect(screen.queryByRole('status')).toBeNull();
  await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
  await ready();
  expect(screen.queryByTestId('load-failed')).toBeNull();
};

const coinListFails = () => vi.mocked(walletApi.coins).mockRejectedValueOnce(OFFLINE);
const NO_CONNECTION = 'Network error. Please check your connection';

describe.each<[string, ReactElement, string, () => Promise<unknown>]>([
  [
    '/recharge/select',
    <RechargeSelectScreen />,
    '/recharge/select',
    () => screen.findByRole('link', { name: /XRP/ }),
  ],
  ['/recharge', <RechargeScreen />, '/recharge?coin=USDT', () => screen.findByTestId('deposit-address')],
  ['/withdraw', <WithdrawScreen />, '/withdraw?coin=USDT', () => screen.findByLabelText('Amount')],
  [
    '/withdrawAddress/add',
    <WithdrawAddressAddScreen />,
    '/withdrawAddress/add',
    () => screen.findByLabelText('Withdrawal address'),
  ],
])('%s with the coin list out of reach', (path, element, at, ready) => {
  it('says so with a retry instead of spinning', async () => {
    coinListFails();
    renderScreen(element, { path: path.split('?')[0], at });
    await failsThenRetries(NO_CONNECTION, ready);
    expect(walletApi.coins).toHaveBeenCalledTimes(2);
  });
});

describe('the address book out of reach', () => {
  it('/withdraw says so with a retry', async () => {
    vi.mocked(walletApi.addresses).mockRejectedValueOnce(SERVER_ERROR);
    renderScreen(<WithdrawScreen />, { path: '/withdraw', at: '/withdraw?coin=USDT' });
    await failsThenRetries('An unexpected error occurred', () => screen.findByLabelText('Amount'));
    // Only what failed is read again.
    expect(walletApi.coins).toHaveBeenCalledTimes(1);
  });

  it('/withdrawAddress says so with a retry, not "no saved addresses"', async () => {
    vi.mocked(walletApi.addresses).mockRejectedValueOnce(OFFLINE);
    renderScreen(<WithdrawAddressScreen />, { path: '/withdrawAddress' });
    await failsThenRetries(NO_CONNECTION, () => screen.findByText('No saved addresses yet'));
  });
});

describe('/assets/detail with the journal out of reach', () => {
  it('says so with a retry, not "No records yet"', async () => {
    vi.mocked(walletApi.financ)
      .mockRejectedValueOnce(OFFLINE)
      .mockResolvedValue({ page: 1, size: 20, total: 0, list: [] });
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    const failed = await screen.findByTestId('load-failed');
    expect(screen.queryByText('No records yet')).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });
});
