import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DealListScreen from '../../../../src/screens/dealList/DealListScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { PAIRS, order } from '../trade/fixtures';

const api = vi.hoisted(() => ({ list: vi.fn(), detail: vi.fn(), cancel: vi.fn() }));

vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => PAIRS,
  useTrades: () => [{ id: 1, price: '100000.00', qty: '0.01000', side: 'buy', ts: 0 }],
  useConnection: () => 'open',
}));
vi.mock('../../../../src/api/spot', () => ({ spotApi: api }));
vi.mock('../../../../src/app/streams', () => ({
  whileLoggedIn: <T,>(load: T) => load,
  transport: { channel$: () => new Subject() },
}));

const dealt = order({ id: 9, filledQty: '0.01000', filledAmount: '1003', avgPrice: '100300.00' });

beforeAll(setupI18n);
beforeEach(() => {
  api.list.mockReset();
  api.detail.mockReset();
});

describe('/dealList', () => {
  it('lists the reader\u2019s orders that traded, and opens one with its fills', async () => {
    const user = userEvent.setup();
    api.list.mockResolvedValue({ list: [dealt], page: 1, size: 20, total: 1 });
    api.detail.mockResolvedValue({
      ...dealt,
      fills: [
        { id: 4, price: '100300.00', qty: '0.01000', amount: '1003', fee: '0.00001', role: 'taker', ts: 0 },
      ],
    });
    renderScreen(<DealListScreen />);
    const [card] = await screen.findAllByTestId('order-card');
    expect(api.list).toHaveBeenCalledWith({ tab: 'deals', status: 'all', page: 1, size: 20 });
    expect(card).toHaveTextContent('100,300.00');
    await user.click(card!);
    expect(await within(await screen.findByTestId('order-detail')).findByText(/Taker/)).toBeInTheDocument();
  });

  it('says plainly that there are no deals yet, and still shows the market\u2019s prints', async () => {
    api.list.mockResolvedValue({ list: [], page: 1, size: 20, total: 0 });
    renderScreen(<DealListScreen />);
    expect(await screen.findByText(/No deals yet/)).toBeInTheDocument();
    expect(screen.getByText('Latest market trades')).toBeInTheDocument();
  });

  it('keeps the pair of the market trades in the address, for a reload or Back to show it again', async () => {
    const user = userEvent.setup();
    api.list.mockResolvedValue({ list: [], page: 1, size: 20, total: 0 });
    const router = renderScreen(<DealListScreen />, { path: '/dealList' });
    await user.click(screen.getByRole('tab', { name: 'ETH/USDT' }));
    expect(router.state.location.search).toBe('?coinPair=ethusdt');
    cleanup();
    renderScreen(<DealListScreen />, { path: '/dealList', at: '/dealList?coinPair=ethusdt' });
    expect(screen.getByRole('tab', { name: 'ETH/USDT' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the first pair\u2019s trades when the address names no pair of the market', () => {
    api.list.mockResolvedValue({ list: [], page: 1, size: 20, total: 0 });
    renderScreen(<DealListScreen />, { path: '/dealList', at: '/dealList?coinPair=nopeusdt' });
    expect(screen.getByRole('tab', { name: 'BTC/USDT' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between the pairs of the market trades with the arrow keys', async () => {
    api.list.mockResolvedValue({ list: [], page: 1, size: 20, total: 0 });
    renderScreen(<DealListScreen />);
    const [btc, eth] = screen.getAllByRole('tab');
    expect([btc!.tabIndex, eth!.tabIndex]).toEqual([0, -1]);
    btc!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(eth).toHaveFocus();
    expect(eth).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'ETH/USDT' })).toContainElement(
      screen.getByTestId('trade-list'),
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(btc).toHaveFocus();
  });
});
