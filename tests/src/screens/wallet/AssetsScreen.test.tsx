import { act, screen, within } from '@testing-library/react';
import type { BehaviorSubject } from 'rxjs';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance } from '../../../../protocol/assets';
import type { Ticker } from '../../../../protocol/market';
import * as market from '../../../../src/hooks/useMarket';
import { useBalances } from '../../../../src/hooks/useSpot';
import AssetsScreen from '../../../../src/screens/wallet/AssetsScreen';
import { balanceVisibility } from '../../../../src/screens/wallet/hideBalances';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { NETWORKS } from './fixtures';
import { setUser } from '../../../../src/state/session';

vi.mock('../../../../src/hooks/useSpot', () => ({ useBalances: vi.fn() }));
// The live tickers as a stream the test can move, like the socket does.
vi.mock('../../../../src/hooks/useMarket', async () => {
  const { BehaviorSubject } = await import('rxjs');
  const { useObservableState } = await import('observable-hooks');
  const tickers$ = new BehaviorSubject<ReadonlyMap<string, Ticker>>(new Map());
  return { tickers$, useTickers: () => useObservableState(tickers$), useConnection: () => 'open' };
});
vi.mock('../../../../src/api/wallet', () => ({ walletApi: { coins: vi.fn(async () => NETWORKS) } }));

const { tickers$ } = market as unknown as { tickers$: BehaviorSubject<ReadonlyMap<string, Ticker>> };
const ticker = (pair: string, last: string) => [pair, { pair, last } as Ticker] as const;
const balances: Balance[] = [
  { asset: 'BTC', available: '0.5', frozen: '0.25' },
  { asset: 'USDT', available: '100.5', frozen: '20' },
];

beforeAll(setupI18n);
// Login-only screens, read for the session that opened them.
beforeAll(() => setUser({ token: 'tok', userinfo: { certification: 2 } }));
beforeEach(() => {
  balanceVisibility.hidden = false;
  vi.mocked(useBalances).mockReturnValue(balances);
  tickers$.next(new Map([ticker('btcusdt', '60000.10')]));
});

describe('/assets', () => {
  it('values everything in USDT at the live price and shows each coin', async () => {
    renderScreen(<AssetsScreen />, { path: '/assets' });
    // 0.75 BTC × 60 000.10 + 120.5 USDT
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('45,120.57 USDT');
    const btc = screen.getByTestId('coin-BTC');
    expect(within(btc).getByText('0.5')).toBeInTheDocument();
    expect(within(btc).getByText('0.25')).toBeInTheDocument();
    expect(within(btc).getByText('0.75000000')).toBeInTheDocument();
    // A listed coin the user has never held shows too, for a first deposit.
    expect(await screen.findByTestId('coin-XRP')).toBeInTheDocument();

    act(() => tickers$.next(new Map([ticker('btcusdt', '70000')])));
    await vi.waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('52,620.50 USDT'));
    // Moving with every price, it is in no live region that would read it out without end.
    expect(screen.getByTestId('wallet-total').closest('[aria-live]')).toBeNull();
  });

  it('hides and shows the balances', async () => {
    renderScreen(<AssetsScreen />, { path: '/assets' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('**** USDT');
    expect(screen.queryByText('0.75000000')).not.toBeInTheDocument();
    expect(localStorage.getItem('hideBalances')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Show balances' }));
    expect(screen.getByText('0.75000000')).toBeInTheDocument();
  });
});
