import { act, cleanup, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletNetwork } from '../../../../protocol/wallet';
import { walletApi } from '../../../../src/api/wallet';
import RechargeScreen from '../../../../src/screens/wallet/RechargeScreen';
import { clearUser, setUser } from '../../../../src/state/session';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { NETWORKS } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { coins: vi.fn(), deposit: vi.fn() } }));

/** The coin list as the server gives it to one reader: their own XRP tag, and the operator's
 * USDT TRC20 address of the moment. */
const listFor = (tag: string, trc20 = NETWORKS[0]!.depositAddress): WalletNetwork[] =>
  NETWORKS.map((n) =>
    n.coin === 'XRP' ? { ...n, memo: tag } : n.network === 'TRC20' ? { ...n, depositAddress: trc20 } : n,
  );

/** An answer the test releases when it chooses. */
const held = <T,>() => {
  let release!: (v: T) => void;
  const promise = new Promise<T>((r) => (release = r));
  return { promise, release };
};

const logIn = (token: string) => setUser({ token, userinfo: { certification: 2 } });
const open = (coin: string) =>
  renderScreen(<RechargeScreen />, { path: '/recharge', at: `/recharge?coin=${coin}` });

beforeAll(setupI18n);
beforeEach(() => vi.mocked(walletApi.coins).mockReset());

describe('the coin list belongs to the session that read it', () => {
  it('never shows one reader’s destination tag to the next one logged in in the same tab', async () => {
    logIn('demotrader-token');
    vi.mocked(walletApi.coins).mockResolvedValue(listFor('100001'));
    open('XRP');
    expect(await screen.findByText('100001')).toBeInTheDocument();
    cleanup();

    clearUser();
    logIn('other-user-token');
    const answer = held<WalletNetwork[]>();
    vi.mocked(walletApi.coins).mockReturnValue(answer.promise);
    open('XRP');
    // Until the server answers for this reader, nothing of the last one shows.
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('100001')).toBeNull();
    await act(async () => answer.release(listFor('100004')));
    expect(await screen.findByText('100004')).toBeInTheDocument();
    expect(screen.queryByText('100001')).toBeNull();
  });

  it('reads it again each time a screen opens: what is known shows at once, then the fresh answer', async () => {
    logIn('tok');
    vi.mocked(walletApi.coins).mockResolvedValue(listFor('100001', 'TOldOperatorAddress1111111111111111'));
    open('USDT');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent('TOldOperatorAddress');
    cleanup();

    // The operator changed the address meanwhile.
    const answer = held<WalletNetwork[]>();
    vi.mocked(walletApi.coins).mockReturnValue(answer.promise);
    open('USDT');
    expect(screen.getByTestId('deposit-address')).toHaveTextContent('TOldOperatorAddress');
    await act(async () => answer.release(listFor('100001', 'TNewOperatorAddress1111111111111111')));
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent('TNewOperatorAddress');
    expect(walletApi.coins).toHaveBeenCalledTimes(2);
  });

  it('asks nothing once the reader is logged out with the screen still open', async () => {
    logIn('tok');
    vi.mocked(walletApi.coins).mockResolvedValue(listFor('100001'));
    open('XRP');
    expect(await screen.findByText('100001')).toBeInTheDocument();
    // The session ends while the screen is open: a call without a token would be one more alert.
    act(() => clearUser());
    await act(async () => undefined);
    expect(walletApi.coins).toHaveBeenCalledTimes(1);
  });
});
