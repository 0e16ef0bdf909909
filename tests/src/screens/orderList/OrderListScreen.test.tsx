import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../../../../streams/transport';
import { SPOT_POLL_MS } from '../../../../streams/spot';
import OrderListScreen from '../../../../src/screens/orderList/OrderListScreen';
import { formatDateTime } from '../../../../src/components/format';
import { i18n } from '../../../../src/i18n';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import type { SpotOrderView } from '../../../../protocol/spot';
import { PAIRS, order } from '../trade/fixtures';
import { afterDoubleTap } from '../../../setup/dom';

const api = vi.hoisted(() => ({ list: vi.fn(), detail: vi.fn(), cancel: vi.fn() }));
const socket = vi.hoisted(() => ({
  orders: undefined as unknown as Subject<unknown>,
  connection: undefined as unknown as BehaviorSubject<ConnectionState>,
}));

// The app's own connection hook, over the socket the test drives.
vi.mock('../../../../src/hooks/useMarket', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePairs: () => PAIRS,
}));
vi.mock('../../../../src/api/spot', () => ({ spotApi: api }));
vi.mock('../../../../src/app/streams', () => ({
  whileLoggedIn: <T,>(load: T) => load,
  transport: {
    channel$: () => socket.orders,
    get connection$() {
      return socket.connection;
    },
  },
}));

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
afterEach(() => vi.useRealTimers());
beforeEach(() => {
  // The screen is login-only: a reader is logged in.
  localStorage.setItem('user', JSON.stringify({ token: 'tok', userinfo: { certification: 2 } }));
  socket.orders = new Subject();
  socket.connection = new BehaviorSubject<ConnectionState>('open');
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

  it('lists the orders of the pair the address names, on every tab, until all pairs are asked for', async () => {
    const user = userEvent.setup();
    const router = renderScreen(<OrderListScreen />, {
      path: '/orderList',
      at: '/orderList?coinPair=btcusdt',
    });
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    expect(api.list).toHaveBeenLastCalledWith({
      tab: 'open',
      status: 'all',
      pair: 'btcusdt',
      page: 1,
      size: 20,
    });
    expect(screen.getByText('BTC/USDT', { selector: '.order-list__pair span' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(api.list).toHaveBeenLastCalledWith({
      tab: 'history',
      status: 'all',
      pair: 'btcusdt',
      page: 1,
      size: 20,
    });
    await user.click(screen.getByRole('link', { name: 'All pairs' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'history', status: 'all', page: 1, size: 20 });
    expect(screen.queryByRole('link', { name: 'All pairs' })).toBeNull();
  });

  it('keeps the tab and the status in the address, so a reload shows the same orders', async () => {
    const user = userEvent.setup();
    const router = renderScreen(<OrderListScreen />, { path: '/orderList', at: '/orderList' });
    await screen.findAllByTestId('order-card');
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    await user.click(screen.getByLabelText('Completed'));
    expect(router.state.location.search).toBe('?tab=all&status=completed');
    cleanup();
    afterDoubleTap();
    renderScreen(<OrderListScreen />, { path: '/orderList', at: '/orderList?tab=all&status=completed' });
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'all', status: 'completed', page: 1, size: 20 });
    expect(screen.getByRole('tab', { name: 'All orders' })).toHaveAttribute('aria-selected', 'true');
  });

  it('narrows to no pair when the address names none a pair could be named by', async () => {
    renderScreen(<OrderListScreen />, { path: '/orderList', at: '/orderList?coinPair=%3Cb%3E' });
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'open', status: 'all', page: 1, size: 20 });
    expect(screen.queryByRole('link', { name: 'All pairs' })).toBeNull();
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
    // A whole deal amount shows its cents, as the price does.
    const dealAmount = within(sheet).getByText('Deal amount').closest('.kv__row')!;
    expect(dealAmount).toHaveTextContent('15,020.00');
    expect(sheet).toHaveTextContent('0.00015 BTC');
    expect(sheet).toHaveTextContent('Taker');
    expect(within(sheet).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('heads each day\u2019s fills with its date, so a fill of an order that rested for days is not read as today\u2019s', async () => {
    const user = userEvent.setup();
    const fill = {
      price: '100100.00',
      qty: '0.05000',
      amount: '5005',
      fee: '0.00005',
      role: 'maker' as const,
    };
    const days = [new Date(2027, 0, 14, 23, 59, 58).getTime(), new Date(2027, 0, 15, 0, 0, 1).getTime()];
    api.detail.mockResolvedValue({
      ...filled,
      fills: [
        { ...fill, id: 1, ts: days[0] },
        { ...fill, id: 2, ts: days[0]! + 1000 },
        { ...fill, id: 3, ts: days[1] },
      ],
    });
    renderScreen(<OrderListScreen />, { path: '/orderList', at: '/orderList?tab=history' });
    await user.click((await screen.findAllByTestId('order-card'))[0]!);
    const sheet = await screen.findByTestId('order-detail');
    await within(sheet).findAllByText('Maker');
    // Each day's fills under its date, written as every record's date is, and its times.
    const groups = within(sheet)
      .getAllByRole('rowgroup')
      .slice(1)
      .map((group) =>
        within(group)
          .getAllByRole('row')
          .map((row) => (row.firstElementChild as HTMLElement).textContent),
      );
    expect(groups).toEqual([
      ['01/14/2027', '23:59:58Maker', '23:59:59Maker'],
      ['01/15/2027', '00:00:01Maker'],
    ]);
    expect(within(sheet).getByRole('rowheader', { name: '01/14/2027' })).toHaveAttribute('scope', 'rowgroup');
    expect(within(sheet).getByText('01/15/2027')).toHaveAttribute('datetime', '2027-01-15');
  });

  it('writes a fee in the coin bought as that coin is written, not with the cents of money', async () => {
    const user = userEvent.setup();
    const cancelledBuy = order({ id: 10, status: 'app.data.order_cancelled' });
    const partSell = order({
      id: 11,
      side: 'sell',
      status: 'app.data.order_cancelled',
      filledQty: '0.05000',
      filledAmount: '4950',
      avgPrice: '99000.00',
      fee: '4.95',
      feeAsset: 'USDT',
    });
    // A maker's fill where makers pay nothing (SPOT_MAKER_FEE=0).
    const partBuy = order({ id: 12, status: 'app.data.order_cancelled', filledQty: '0.05000' });
    const fill = { id: 4, price: '99000.00', qty: '0.05000', amount: '4950', ts: 0, role: 'maker' as const };
    const details: Record<number, object> = {
      10: { ...cancelledBuy, fills: [] },
      11: { ...partSell, fills: [{ ...fill, fee: '4.95' }] },
      12: { ...partBuy, fills: [{ ...fill, fee: '0' }] },
    };
    api.detail.mockImplementation(async (id: number) => details[id]);
    const feeOf = async (shown: SpotOrderView) => {
      api.list.mockResolvedValue({ list: [shown], page: 1, size: 20, total: 1 });
      renderScreen(<OrderListScreen />, { path: '/orderList', at: '/orderList?tab=history' });
      afterDoubleTap();
      await user.click(await screen.findByTestId('order-card'));
      const sheet = await screen.findByTestId('order-detail');
      const row = (await within(sheet).findByText('Fee', { selector: 'dt' })).nextElementSibling!;
      const cells = [...sheet.querySelectorAll('tbody tr:has(td)')].map(
        (r) => r.lastElementChild!.textContent,
      );
      const text = row.textContent;
      cleanup();
      return { text, cells };
    };
    expect(await feeOf(cancelledBuy)).toEqual({ text: '0 BTC', cells: [] });
    // Money keeps its cents: the fee of a sale is in the quote coin.
    expect(await feeOf(partSell)).toEqual({ text: '4.95 USDT', cells: ['4.95'] });
    expect(await feeOf(partBuy)).toEqual({ text: '0 BTC', cells: ['0'] });
  });

  it('shows a market buy, given as an amount, by the quantity it filled, on its card and in its detail', async () => {
    const user = userEvent.setup();
    const marketBuy = order({
      id: 9,
      type: 'market',
      price: null,
      qty: null,
      amount: '100',
      status: 'app.data.order_completed',
      filledQty: '0.00100',
      filledAmount: '99.87',
      avgPrice: '99870.00',
    });
    api.list.mockResolvedValue({ list: [marketBuy], page: 1, size: 20, total: 1 });
    api.detail.mockResolvedValue({ ...marketBuy, fills: [] });
    renderScreen(<OrderListScreen />);
    const card = await screen.findByTestId('order-card');
    expect(within(card).queryByText('Quantity')).toBeNull();
    expect(within(card).getByText('Filled').nextElementSibling).toHaveTextContent('0.00100');
    expect(card).not.toHaveTextContent('—');
    // Where the budget left over went.
    expect(within(card).getByText('Returned').nextElementSibling).toHaveTextContent(/^0\.13 USDT$/);
    await user.click(card);
    const sheet = await screen.findByTestId('order-detail');
    const filledRow = (await within(sheet).findByText('Filled')).closest('.kv__row')!;
    expect(filledRow).toHaveTextContent('0.00100');
    expect(within(sheet).getByText('Returned').closest('.kv__row')).toHaveTextContent('0.13 USDT');
    // No "Quantity —" beside it: the order had none to show.
    expect(within(sheet).queryByText('Quantity')).toBeNull();
  });

  it('shows a market sell, given as a quantity, by the amount it dealt, with no "Amount —" on its card or in its detail', async () => {
    const user = userEvent.setup();
    const marketSell = order({
      id: 13,
      side: 'sell',
      type: 'market',
      price: null,
      qty: '0.00100',
      amount: null,
      status: 'app.data.order_completed',
      filledQty: '0.00100',
      filledAmount: '99.87',
      avgPrice: '99870.00',
      fee: '0.09987',
      feeAsset: 'USDT',
    });
    api.list.mockResolvedValue({ list: [marketSell], page: 1, size: 20, total: 1 });
    api.detail.mockResolvedValue({ ...marketSell, fills: [] });
    renderScreen(<OrderListScreen />);
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Deal amount').nextElementSibling).toHaveTextContent('99.87');
    expect(within(card).queryByText('Amount')).toBeNull();
    expect(card).not.toHaveTextContent('—');
    await user.click(card);
    const sheet = await screen.findByTestId('order-detail');
    expect((await within(sheet).findByText('Deal amount')).closest('.kv__row')).toHaveTextContent('99.87');
    expect(within(sheet).queryByText('Amount')).toBeNull();
  });

  it('keeps the pages shown in the address, for Back from an order to find them again', async () => {
    const user = userEvent.setup();
    const orders = Array.from({ length: 45 }, (_, i) =>
      order({ id: 100 - i, status: 'app.data.order_completed' }),
    );
    api.list.mockImplementation(async (q: { page: number; size: number }) => ({
      list: orders.slice((q.page - 1) * q.size, q.page * q.size),
      page: q.page,
      size: q.size,
      total: orders.length,
    }));
    const router = renderScreen(<OrderListScreen />, {
      path: '/orderList',
      at: '/orderList?tab=all&pages=2',
    });
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(40));
    expect(api.list.mock.calls.map(([q]) => q.page)).toEqual([1, 2]);
    const shown = () => new URLSearchParams(router.state.location.search).get('pages');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(45));
    expect(shown()).toBe('3');
    afterDoubleTap();

    // Another tab, or another status, starts again from its first page.
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await vi.waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('history'),
    );
    expect(shown()).toBeNull();
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(20));
  });

  it('keeps the list when the tab or filter already shown is tapped again', async () => {
    const user = userEvent.setup();
    renderScreen(<OrderListScreen />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Open orders' }));
    expect(api.list).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
    await user.click(screen.getByLabelText('All'));
    expect(screen.getAllByTestId('order-card')).toHaveLength(2);
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('offers on each tab only the statuses it holds', async () => {
    const user = userEvent.setup();
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    const filter = () => screen.queryByRole('group', { name: 'Filter by status' });
    const offered = () =>
      within(filter()!)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent);
    // Every open order is pending: a filter could only empty the tab.
    expect(filter()).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    expect(offered()).toEqual(['All', 'Pending', 'Completed', 'Cancelled']);
    await user.click(screen.getByLabelText('Pending'));
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'all', status: 'pending', page: 1, size: 20 });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(offered()).toEqual(['All', 'Completed', 'Cancelled']);
    expect(screen.getByLabelText('All')).toBeChecked();
    expect(api.list).toHaveBeenLastCalledWith({ tab: 'history', status: 'all', page: 1, size: 20 });
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    expect(screen.getByLabelText('Pending')).toBeChecked();
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

  it('says in place, not in a toast, when the orders or a detail cannot be read', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    api.list.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    renderScreen(<OrderListScreen />);
    expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
    socket.orders.next({ data: order() });
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    api.detail.mockRejectedValue({ code: 404, msg: 'app.msg.order_not_exist', data: null });
    await user.click(screen.getAllByTestId('order-card')[0]!);
    expect(
      await within(await screen.findByTestId('order-detail')).findByText('The order does not exist'),
    ).toBeInTheDocument();
    expect(uiState.toasts).toEqual([]);
  });

  it('offers a retry where the orders, a further page or a detail could not be read', async () => {
    const user = userEvent.setup();
    const down = { code: 0, msg: 'app.msg.network_error', data: null };
    const ok = api.list.getMockImplementation()!;
    api.list.mockRejectedValueOnce(down);
    renderScreen(<OrderListScreen />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    // Each retry takes its button away; the reader's next tap is a new one.
    afterDoubleTap();

    const orders = Array.from({ length: 25 }, (_, i) => order({ id: 100 - i }));
    api.list.mockImplementation(async (q: { page: number; size: number }) => ({
      list: orders.slice((q.page - 1) * q.size, q.page * q.size),
      page: q.page,
      size: q.size,
      total: orders.length,
    }));
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(20));
    api.list.mockRejectedValueOnce(down);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    afterDoubleTap();
    // The page that failed says so, with a retry, under the orders already shown; the retry asks
    // for that page again.
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(25));
    afterDoubleTap();

    api.list.mockImplementation(ok);
    api.detail.mockRejectedValueOnce(down).mockResolvedValue({ ...order({ id: 100 }), fills: [] });
    await user.click(screen.getAllByTestId('order-card')[0]!);
    const sheet = await screen.findByTestId('order-detail');
    afterDoubleTap();
    await user.click(await within(sheet).findByRole('button', { name: 'Try again' }));
    expect(await within(sheet).findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it('refreshes when the orders channel says something moved', async () => {
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    const calls = api.list.mock.calls.length;
    socket.orders.next({ data: order() });
    await vi.waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
  });
});

describe('/orderList, a page at a time', () => {
  /** The reader's orders as the server holds them, newest first, served as it serves them. */
  const serve = (orders: SpotOrderView[]) =>
    api.list.mockImplementation(async (q: { page: number; size: number }) => {
      if (q.size > 100) throw { code: 400, msg: 'app.msg.parameter_error' };
      const list = orders.slice((q.page - 1) * q.size, q.page * q.size);
      return { list, page: q.page, size: q.size, total: orders.length };
    });
  const numbered = (id: number) => order({ id, price: `${id}.00` });
  /** The orders shown, by the price that numbers them. */
  const shown = () =>
    screen
      .queryAllByTestId('order-card')
      .map((c) => Number(/([\d,]+)\.00/.exec(c.textContent ?? '')![1]!.replace(',', '')));
  // By text: a role query reads the whole accessibility tree, slow over a hundred cards.
  const loadMore = () => screen.queryByText('Load more');
  const newestFirst = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

  it('loads older orders a page at a time past the server\u2019s size cap, and a push refreshes them all', async () => {
    serve(newestFirst(130, 1).map(numbered));
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    for (let n = 2; n <= 7; n++) {
      fireEvent.click(loadMore()!);
      await vi.waitFor(() => expect(shown()).toHaveLength(Math.min(20 * n, 130)));
    }
    expect(shown()).toEqual(newestFirst(130, 1));
    expect(loadMore()).toBeNull();
    expect(api.list.mock.calls.map(([q]) => [q.page, q.size])).toEqual(
      Array.from({ length: 7 }, (_, i) => [i + 1, 20]),
    );
    api.list.mockClear();
    act(() => socket.orders.next({ data: order() }));
    await vi.waitFor(() => expect(api.list).toHaveBeenCalledTimes(7));
    expect(api.list.mock.calls.map(([q]) => q.page).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown()).toEqual(newestFirst(130, 1));
  });

  it('lists an order that moved to the next page once, and a refresh puts every page right', async () => {
    const user = userEvent.setup();
    const orders = newestFirst(25, 1).map(numbered);
    serve(orders);
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    expect(shown()).toEqual(newestFirst(25, 6));
    // A new order on top pushes order 6 onto the second page before the reader asks for it.
    orders.unshift(numbered(26));
    await user.click(loadMore()!);
    await vi.waitFor(() => expect(shown()).toEqual(newestFirst(25, 1)));
    expect(loadMore()!).toBeInTheDocument();
    act(() => socket.orders.next({ data: orders[0] }));
    await vi.waitFor(() => expect(shown()).toEqual(newestFirst(26, 1)));
    expect(loadMore()).toBeNull();
    // One cancelled on the open tab leaves it, and the one below moves up from the second page.
    orders.splice(
      orders.findIndex((o) => o.id === 10),
      1,
    );
    act(() => socket.orders.next({ data: order({ id: 10, status: 'app.data.order_cancelled' }) }));
    await vi.waitFor(() => expect(shown()).toEqual(newestFirst(26, 1).filter((id) => id !== 10)));
  });
});

describe('/orderList with the socket down', () => {
  it('fetches once when the socket first opens soon after the screen', async () => {
    socket.connection.next('connecting');
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    act(() => socket.connection.next('open'));
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('polls the list and the open detail until the socket is back, and refreshes once then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    api.detail.mockResolvedValue({ ...order(), fills: [] });
    renderScreen(<OrderListScreen />);
    await user.click((await screen.findAllByTestId('order-card'))[0]!);
    await screen.findByTestId('order-detail');
    const tick = () => act(() => vi.advanceTimersByTime(SPOT_POLL_MS.orders));
    const calls = () => [api.list.mock.calls.length, api.detail.mock.calls.length];
    const before = calls();
    tick();
    expect(calls()).toEqual(before);

    act(() => socket.connection.next('reconnecting'));
    tick();
    await vi.waitFor(() => expect(calls()).toEqual([before[0]! + 1, before[1]! + 1]));
    tick();
    await vi.waitFor(() => expect(calls()).toEqual([before[0]! + 2, before[1]! + 2]));

    act(() => socket.connection.next('open'));
    await vi.waitFor(() => expect(calls()).toEqual([before[0]! + 3, before[1]! + 3]));
    tick();
    tick();
    expect(calls()).toEqual([before[0]! + 3, before[1]! + 3]);
  });

  it('reads nothing more for a reader logged out in another tab, as the socket reconnects without a token', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderScreen(<OrderListScreen />);
    await screen.findAllByTestId('order-card');
    const before = api.list.mock.calls.length;
    localStorage.removeItem('user');
    act(() => socket.connection.next('reconnecting'));
    act(() => vi.advanceTimersByTime(SPOT_POLL_MS.orders));
    act(() => socket.connection.next('open'));
    await act(() => Promise.resolve());
    expect(api.list).toHaveBeenCalledTimes(before);
  });
});
