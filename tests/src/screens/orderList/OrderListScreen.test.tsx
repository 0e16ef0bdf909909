import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderListScreen from '../../../../src/screens/orderList/OrderListScreen';
import { formatDateTime } from '../../../../src/components/format';
import { i18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { PAIRS, order } from '../trade/fixtures';

const api = vi.hoisted(() => ({ list: vi.fn(), detail: vi.fn(), cancel: vi.fn() }));
const pushes = vi.hoisted(() => ({ orders: undefined as unknown as Subject<unknown> }));

vi.mock('../../../../src/hooks/useMarket', () => ({ usePairs: () => PAIRS }));
vi.mock('../../../../src/api/spot', () => ({ spotApi: api }));
vi.mock('../../../../src/app/streams', () => ({ transport: { channel$: () => pushes.orders } }));

const filled = order({
  id: 8,
  type: 'market',
  price: null,
  qty: '0.15000',
  amount: null,
  status: 'app.data.order_completed',
  filledQty: '0.15000',
  filledAmount: '15020',
  avgPrice: '100133.33',
  fee: '0.00015',
});

beforeAll(setupI18n);
beforeEach(() => {
  pushes.orders = new Subject();
  api.list.mockReset();
  api.detail.mockReset();
  api.list.mockImplementation(async (q: { tab: string; status: string }) => {
    const all = [filled, order()];
    const list = all.filter(
      (o) =>
        (q.tab === 'open' ? o.status === 'app.data.order_pending' : true) &&
        (q.status === 'all' || o.status === `app.data.order_${q.status}`),
    );
    return { list, page: 1, size: 20, total: list.length };
  });
});

describe('/orderList', () => {
  it('shows open orders first, then all and history with the status filter', async () => {
    const user = userEvent.setup();
    renderScreen(<OrderListScreen />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
    await user.click(screen.getByLabelText('Completed'));
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'all', status: 'completed', page: 1, size: 20 });
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('100,133.33');
  });

  it('opens an order\u2019s detail with its fills, fee, deal price and amount', async () => {
    const user = userEvent.setup();
    api.detail.mockResolvedValue({
      ...filled,
      fills: [
        { id: 3, price: '100100.00', qty: '0.10000', amount: '10010', fee: '0.0001', role: 'taker', ts: 0 },
      ],
    });
    renderScreen(<OrderListScreen />);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.click((await screen.findAllByTestId('order-card'))[0]!);
    const sheet = await screen.findByTestId('order-detail');
    await within(sheet).findByText('100,133.33');
    expect(sheet).toHaveTextContent('Deal amount');
    expect(sheet).toHaveTextContent('0.00015 BTC');
    expect(sheet).toHaveTextContent('Taker');
    expect(within(sheet).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('keeps the list when the tab or filter already shown is tapped again', async () => {
    const user = userEvent.setup();
    renderScreen(<OrderListScreen />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Open orders' }));
    await user.click(screen.getByLabelText('All'));
    expect(screen.getAllByTestId('order-card')).toHaveLength(1);
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('dates each order, and writes the detail\u2019s time in the reader\u2019s language', async () => {
    const user = userEvent.setup();
    api.detail.mockResolvedValue({ ...filled, fills: [] });
    renderScreen(<OrderListScreen />);
    const [card] = await screen.findAllByTestId('order-card');
    const local = new Date(Date.UTC(2027, 0, 15, 10));
    expect(card).toHaveTextContent(String(local.getFullYear()));
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    await user.click((await screen.findAllByTestId('order-card'))[0]!);
    const sheet = await screen.findByTestId('order-detail');
    await within(sheet).findByText(formatDateTime(filled.createdAt, 'us'));
    await act(() => i18n.changeLanguage('cn'));
    try {
      await within(sheet).findByText(formatDateTime(filled.createdAt, 'cn'));
      expect(sheet).not.toHaveTextContent(/AM|PM/);
    } finally {
      await act(() => i18n.changeLanguage('us'));
    }
  });

  it('refreshes when the orders channel says something moved', async () => {
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    const calls = api.list.mock.calls.length;
    pushes.orders.next({ data: order() });
    await vi.waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
  });
});
