import { act, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit } from '../../../../protocol/wallet';
import { localFailure } from '../../../../src/api/client';
import { walletApi } from '../../../../src/api/wallet';
import RechargeRecordScreen from '../../../../src/screens/wallet/RechargeRecordScreen';
import RechargeResultScreen, { RESULT_POLL_MS } from '../../../../src/screens/wallet/RechargeResultScreen';
import RechargeScreen from '../../../../src/screens/wallet/RechargeScreen';
import RechargeSelectScreen from '../../../../src/screens/wallet/RechargeSelectScreen';
import { i18n, switchI18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { expectMarked } from '../fieldError';
import { NETWORKS, login } from './fixtures';
import { setUser } from '../../../../src/state/session';
import { START_PAGES_MAX } from '../../../../src/hooks/usePages';

vi.mock('../../../../src/api/wallet', () => ({
  walletApi: { coins: vi.fn(), deposit: vi.fn(), deposits: vi.fn(), depositDetail: vi.fn() },
}));

const deposit = (over: Partial<Deposit>): Deposit => ({
  id: 1,
  coin: 'USDT',
  network: 'TRC20',
  address: 'T',
  memo: '',
  amount: '25.00000000',
  creditedAmount: null,
  receivedAmount: null,
  txHash: null,
  status: 'pending',
  status_name: 'app.data.deposit_pending',
  note: null,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

beforeAll(setupI18n);
// Login-only screens, read for the session that opened them.
beforeAll(() => setUser({ token: 'tok', userinfo: { certification: 2 } }));
beforeEach(() => {
  login();
  vi.mocked(walletApi.coins).mockResolvedValue(NETWORKS);
  vi.mocked(walletApi.deposit).mockReset();
  vi.mocked(walletApi.deposits).mockReset();
  vi.mocked(walletApi.depositDetail).mockReset();
});

/** The server's answer to a deposit's id: one of `own`, or record_not_found, as another's or none. */
const reading = (...own: Deposit[]) =>
  vi
    .mocked(walletApi.depositDetail)
    .mockImplementation(async (id) => own.find((d) => d.id === id) ?? Promise.reject(notFound()));
const notFound = () => localFailure('app.msg.record_not_found');
afterEach(() => vi.useRealTimers());

describe('/recharge/select', () => {
  it('finds a coin typed in full-width letters, as a Japanese or Chinese keyboard often writes them', async () => {
    renderScreen(<RechargeSelectScreen />, { path: '/recharge/select', at: '/recharge/select' });
    await screen.findByRole('link', { name: /XRP/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search coin' }), 'ｘｒｐ\u3000');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/recharge?coin=XRP']);
  });
});

describe('/recharge', () => {
  it('shows the address, its QR code, the memo where needed, the limits and the warning', async () => {
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=XRP' });
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(
      'rNovaDemoDepositAddressXrp11111111',
    );
    expect(
      await screen.findByRole('img', { name: /QR code of the XRP deposit address/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('100001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy memo' })).toBeInTheDocument();
    expect(
      screen.getByText('Deposits below the minimum of 20 XRP are neither credited nor refunded.'),
    ).toBeInTheDocument();
  });

  it('switches networks and refuses what the server would refuse, with its message', async () => {
    renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    await userEvent.click(await screen.findByRole('radio', { name: 'ERC20' }));
    expect(screen.getByTestId('deposit-address')).toHaveTextContent('0xDE40');
    expect(screen.queryByText('Copy memo')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Deposit amount'), '9.5');
    await userEvent.type(screen.getByLabelText('Transaction hash (optional)'), 'not a hash');
    await userEvent.click(screen.getByRole('button', { name: 'I have sent it' }));
    expect(screen.getByText('The amount is outside the limit (10 – 1,000,000 USDT)')).toBeInTheDocument();
    expect(screen.getByText('The transaction hash is not valid')).toBeInTheDocument();
    expect(walletApi.deposit).not.toHaveBeenCalled();
  });

  it('keeps an amount pasted past the network’s places and says why, on sending too, in Spanish', async () => {
    await switchI18n('es');
    try {
      const user = userEvent.setup();
      renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
      await user.click(await screen.findByLabelText('Importe del depósito'));
      await user.paste('0.000000001');
      // Dropped, it left an empty field that said on sending only that an amount is required.
      expect(screen.getByLabelText('Importe del depósito')).toHaveValue('0,000000001');
      await user.click(screen.getByRole('button', { name: 'Ya lo he enviado' }));
      await expectMarked('Importe del depósito', /^Demasiados decimales \(como máximo 8\)$/);
      expect(screen.getByLabelText('Importe del depósito')).toHaveValue('0,000000001');
      expect(walletApi.deposit).not.toHaveBeenCalled();
    } finally {
      await switchI18n('us');
    }
  });

  it('sends the declaration and goes to the result', async () => {
    vi.mocked(walletApi.deposit).mockResolvedValue(deposit({ id: 42 }));
    const router = renderScreen(<RechargeScreen />, { path: '/recharge', at: '/recharge?coin=USDT' });
    await userEvent.type(await screen.findByLabelText('Deposit amount'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'I have sent it' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    // The answer goes along: the result shows it without asking the server again.
    expect(router.state.location.state).toEqual({ deposit: deposit({ id: 42 }) });
    expect(walletApi.deposit).toHaveBeenCalledWith({
      coin: 'USDT',
      network: 'TRC20',
      amount: '25',
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('declares once when tapped again while the result screen is still loading', async () => {
    vi.mocked(walletApi.deposit).mockResolvedValue(deposit({ id: 42 }));
    // The result screen's code still on its way: the form stays up after the answer, for a while.
    const router = createMemoryRouter(
      [
        { path: '/recharge', element: <RechargeScreen /> },
        { path: '/recharge/result', lazy: () => new Promise<never>(() => undefined) },
      ],
      { initialEntries: ['/recharge?coin=USDT'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Deposit amount'), '25');
    const submit = screen.getByRole('button', { name: 'I have sent it' });
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await userEvent.click(submit);
    await userEvent.click(submit);
    expect(walletApi.deposit).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/recharge');
  });
});

describe('/recharge/result', () => {
  it('shows the declaration the form handed over, counts down in seconds and goes to the records', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // Still in progress when read again while the countdown runs.
    reading(deposit({ amount: '25.50000000' }));
    const router = renderScreen(<RechargeResultScreen />, {
      path: '/recharge/result',
      at: {
        pathname: '/recharge/result',
        search: '?id=1',
        state: { deposit: deposit({ amount: '25.50000000' }) },
      },
    });
    const card = await screen.findByTestId('deposit-result');
    expect(card).toHaveTextContent('USDT TRC20');
    expect(card).toHaveTextContent('In progress');
    expect(card).toHaveTextContent('Deposit amount25.50');
    expect(card).not.toHaveTextContent('25.500');
    expect(walletApi.depositDetail).not.toHaveBeenCalled();
    // A timer: read with the page, not announced again every second.
    expect(screen.getByRole('timer')).toHaveTextContent('Going to the deposit records in 5 s');
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Going to the deposit records in 3 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recharge/record'));
  });

  it('opened again later, reads the deposit its id names, however many of the reader’s are newer', async () => {
    // Not among the newest page of the list, which is all the screen read before.
    vi.mocked(walletApi.deposits).mockResolvedValue(
      Array.from({ length: 50 }, (_, i) => deposit({ id: 100 - i, coin: 'BTC', network: 'BTC' })),
    );
    reading(deposit({ id: 7, status: 'success', status_name: 'app.data.deposit_success' }));
    renderScreen(<RechargeResultScreen />, { path: '/recharge/result', at: '/recharge/result?id=7' });
    const card = await screen.findByTestId('deposit-result');
    expect(card).toHaveTextContent('USDT TRC20');
    expect(card).toHaveTextContent('Success');
    expect(walletApi.depositDetail).toHaveBeenCalledWith(7);
  });

  it('reads a deposit under way again, and its words follow it once it is credited', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.mocked(walletApi.depositDetail)
      .mockResolvedValueOnce(deposit({ status: 'confirming', status_name: 'app.data.deposit_confirming' }))
      .mockResolvedValue(deposit({ status: 'success', status_name: 'app.data.deposit_success' }));
    renderScreen(<RechargeResultScreen />, {
      path: '/recharge/result',
      at: { pathname: '/recharge/result', search: '?id=1', state: { deposit: deposit({}) } },
    });
    const text = await screen.findByTestId('deposit-result-text');
    expect(text).toHaveTextContent('It is credited to your balance once the network confirms it.');
    act(() => vi.advanceTimersByTime(RESULT_POLL_MS));
    await waitFor(() => expect(walletApi.depositDetail).toHaveBeenCalledTimes(1));
    expect(text).toHaveTextContent('once the network confirms it');
    act(() => vi.advanceTimersByTime(RESULT_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('deposit-result-text')).toHaveTextContent(
        'The network has confirmed it: it is credited to your balance.',
      ),
    );
    expect(screen.getByTestId('deposit-result')).toHaveTextContent('Success');
    // Settled: nothing more to read.
    act(() => vi.advanceTimersByTime(RESULT_POLL_MS));
    expect(walletApi.depositDetail).toHaveBeenCalledTimes(2);
  });

  it('opened on a deposit already settled, says what became of it: credited, or failed and why', async () => {
    reading(
      deposit({ id: 7, status: 'success', status_name: 'app.data.deposit_success' }),
      deposit({
        id: 8,
        status: 'fail',
        status_name: 'app.data.deposit_fail',
        note: 'app.data.reason_deposit_not_received',
      }),
    );
    const router = renderScreen(<RechargeResultScreen />, {
      path: '/recharge/result',
      at: '/recharge/result?id=7',
    });
    expect(await screen.findByTestId('deposit-result-text')).toHaveTextContent(
      'The network has confirmed it: it is credited to your balance.',
    );
    await act(() => router.navigate('/recharge/result?id=8'));
    await waitFor(() =>
      expect(screen.getByTestId('deposit-result-text')).toHaveTextContent(
        'It was not credited to your balance.',
      ),
    );
    expect(screen.getByTestId('deposit-result')).toHaveTextContent(
      'ReasonNo transfer matching this deposit arrived at the deposit address.',
    );
  });

  it('opened on a deposit settled at another amount than declared, shows what arrived and what was credited', async () => {
    reading(
      deposit({
        id: 7,
        status: 'success',
        status_name: 'app.data.deposit_success',
        amount: '100.50000000',
        creditedAmount: '99.25000000',
        receivedAmount: '99.25000000',
      }),
      deposit({
        id: 8,
        status: 'fail',
        status_name: 'app.data.deposit_fail',
        amount: '30.00000000',
        creditedAmount: '0.00000000',
        receivedAmount: '5.00000000',
        note: 'app.data.deposit_below_min',
      }),
    );
    const router = renderScreen(<RechargeResultScreen />, {
      path: '/recharge/result',
      at: '/recharge/result?id=7',
    });
    const credited = await screen.findByTestId('deposit-result');
    // "Credited to your balance" over the declared 100.50 alone read as 100.50 credited.
    expect(within(credited).getByText('Credited').nextSibling!.textContent).toBe('99.25');
    expect(within(credited).getByText('The amount that arrived on chain was credited.')).toBeInTheDocument();
    await act(() => router.navigate('/recharge/result?id=8'));
    const failed = await screen.findByTestId('deposit-result');
    await waitFor(() =>
      expect(within(failed).getByText('Received on chain').nextSibling!.textContent).toBe('5.00'),
    );
    expect(within(failed).getByText('Credited').nextSibling!.textContent).toBe('0.00');
  });

  it.each(['?id=99', '?id=abc', ''])(
    'says there is no such deposit for %j, and offers the records',
    async (search) => {
      reading(deposit({ id: 7 }));
      renderScreen(<RechargeResultScreen />, { path: '/recharge/result', at: `/recharge/result${search}` });
      expect(await screen.findByText('Record not found')).toBeInTheDocument();
      expect(screen.queryByTestId('deposit-result')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View deposit records' })).toHaveAttribute(
        'href',
        '/recharge/record',
      );
    },
  );
});

describe('/recharge/record', () => {
  /** Confirmed below the network's minimum: failed, nothing credited. */
  const belowMinimum = deposit({
    id: 1,
    status: 'fail',
    status_name: 'app.data.deposit_fail',
    note: 'app.data.deposit_below_min',
    creditedAmount: '0.00000000',
    receivedAmount: '5.00000000',
  });

  it('lists deposits with their translated status and refreshes when the page comes back', async () => {
    vi.mocked(walletApi.deposits).mockResolvedValueOnce([deposit({ id: 2 }), belowMinimum]);
    renderScreen(<RechargeRecordScreen />, { path: '/recharge/record' });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    // Labelled as the reason it is, translated where it is one of ours.
    expect(screen.getByText('Reason').nextSibling!.textContent).toBe(
      'Below the minimum deposit: not credited and not refunded',
    );
    // What arrived on chain stays on the record, beside the nothing credited; each figure without
    // the ledger's padding zeros.
    expect(screen.getByText('Received on chain').nextSibling!.textContent).toBe('5.00');
    expect(screen.getByText('Credited').nextSibling!.textContent).toBe('0.00');
    expect(screen.getAllByText('Deposit amount').map((label) => label.nextSibling!.textContent)).toEqual([
      '25.00',
      '25.00',
    ]);
    vi.mocked(walletApi.deposits).mockResolvedValueOnce([
      deposit({
        id: 2,
        status: 'success',
        status_name: 'app.data.deposit_success',
        creditedAmount: '25.00000000',
        receivedAmount: '25.00000000',
      }),
    ]);
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Credited')).toBeInTheDocument();
    expect(screen.queryByText('Received on chain')).not.toBeInTheDocument();
  });

  it('says why a deposit was credited at another amount than declared, and only then', async () => {
    const success = { status: 'success', status_name: 'app.data.deposit_success' } as const;
    vi.mocked(walletApi.deposits).mockResolvedValueOnce([
      deposit({
        id: 3,
        ...success,
        amount: '250.00000000',
        creditedAmount: '25.50000000',
        receivedAmount: '25.50000000',
      }),
      deposit({ id: 2, ...success, creditedAmount: '25.00000000', receivedAmount: '25.00000000' }),
      belowMinimum,
    ]);
    renderScreen(<RechargeRecordScreen />, { path: '/recharge/record' });
    const records = await screen.findAllByTestId('deposit-record');
    const why = 'The amount that arrived on chain was credited.';
    expect(within(records[0]!).getByText('Credited').nextSibling!.textContent).toBe('25.50');
    expect(within(records[0]!).getByText(why)).toBeInTheDocument();
    // Credited as declared, or not credited at all (the reason says why): nothing to explain.
    expect(screen.getAllByText(why)).toHaveLength(1);
  });

  it('shows where each deposit was sent: the address, and the memo on a memo network', async () => {
    vi.mocked(walletApi.deposits).mockResolvedValueOnce([
      deposit({
        id: 4,
        coin: 'XRP',
        network: 'XRP',
        address: 'rNovaDemoDepositAddressXrp11111111',
        memo: '100002',
      }),
      deposit({ id: 3, address: 'TNovaDemo1111111111111111111111112' }),
    ]);
    renderScreen(<RechargeRecordScreen />, { path: '/recharge/record' });
    const [xrp, usdt] = await screen.findAllByTestId('deposit-record');
    expect(within(xrp!).getByText('Deposit address').nextSibling!.textContent).toBe(
      'rNovaDemoDepositAddressXrp11111111',
    );
    expect(within(xrp!).getByText('Memo (destination tag): 100002')).toBeInTheDocument();
    expect(within(usdt!).getByText('Deposit address').nextSibling!.textContent).toBe(
      'TNovaDemo1111111111111111111111112',
    );
    expect(within(usdt!).queryByText(/Memo/)).toBeNull();
  });

  it('shows older deposits a page at a time, each record once, until a page comes back short', async () => {
    const user = userEvent.setup();
    const newest = Array.from({ length: 50 }, (_, i) =>
      deposit({ id: 200 - i, status: 'success', status_name: 'app.data.deposit_success' }),
    );
    // A deposit arrived meanwhile: the old page 2 starts with the last record of page 1.
    const older = [
      newest[49]!,
      deposit({ id: 150, status: 'success', status_name: 'app.data.deposit_success' }),
    ];
    vi.mocked(walletApi.deposits).mockImplementation(async (page) => (page === 1 ? newest : older));
    renderScreen(<RechargeRecordScreen />, { path: '/recharge/record' });
    expect(await screen.findAllByTestId('deposit-record')).toHaveLength(50);
    expect(walletApi.deposits).toHaveBeenCalledWith(1, 50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(51));
    expect(walletApi.deposits).toHaveBeenCalledWith(2, 50);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('arriving at a record from the coin history (?id=)', () => {
    const scrolled = vi.fn();
    beforeEach(() => {
      scrolled.mockClear();
      Element.prototype.scrollIntoView = scrolled;
    });
    /** Deposits `top` down to 1, served 50 a page newest first as the server does. */
    const serving = (top: number) =>
      vi
        .mocked(walletApi.deposits)
        .mockImplementation(async (page = 1, size = 50) =>
          Array.from({ length: top }, (_, i) => deposit({ id: top - i })).slice(
            (page - 1) * size,
            page * size,
          ),
        );
    const marked = () => document.querySelectorAll('[aria-current]');

    it('loads the pages down to it, scrolls it into view once and marks it', async () => {
      serving(120);
      renderScreen(<RechargeRecordScreen />, { path: '/recharge/record', at: '/recharge/record?id=60' });
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(100));
      expect(vi.mocked(walletApi.deposits).mock.calls).toEqual([
        [1, 50],
        [2, 50],
      ]);
      const [record] = marked();
      expect(marked()).toHaveLength(1);
      expect(record).toHaveAttribute('aria-current', 'true');
      expect(record).toHaveClass('record', 'is-picked');
      expect(screen.getAllByTestId('deposit-record')[60]).toBe(record);
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(record);

      // Back on the page: both pages again, still marked, and the reader left where they scrolled.
      vi.mocked(walletApi.deposits).mockClear();
      act(() => window.dispatchEvent(new Event('focus')));
      await waitFor(() => expect(walletApi.deposits).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(marked()).toHaveLength(1));
      expect(scrolled).toHaveBeenCalledTimes(1);
      // "Load more" goes on from the pages shown.
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(120));
      expect(walletApi.deposits).toHaveBeenLastCalledWith(3, 50);
    });

    it('keeps the record when the page regains focus while its pages are still coming', async () => {
      serving(120);
      const served = vi.mocked(walletApi.deposits).getMockImplementation()!;
      let secondPage: () => void = () => undefined;
      vi.mocked(walletApi.deposits).mockImplementation((page = 1, size = 50) =>
        page === 2
          ? new Promise((resolve) => (secondPage = () => resolve(served(page, size))))
          : served(page, size),
      );
      renderScreen(<RechargeRecordScreen />, { path: '/recharge/record', at: '/recharge/record?id=60' });
      await waitFor(() => expect(walletApi.deposits).toHaveBeenCalledWith(2, 50));
      // A refresh now would ask for the first page alone and, answered last, drop the record.
      act(() => window.dispatchEvent(new Event('focus')));
      await act(async () => secondPage());
      await waitFor(() => expect(marked()).toHaveLength(1));
      expect(screen.getAllByTestId('deposit-record')).toHaveLength(100);
      expect(walletApi.deposits).toHaveBeenCalledTimes(2);
    });

    it.each(['?id=abc', '?id=0', '?id=-5', '?id=1e3', ''])(
      'for %j lists the first page as usual',
      async (search) => {
        serving(120);
        renderScreen(<RechargeRecordScreen />, { path: '/recharge/record', at: `/recharge/record${search}` });
        await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(50));
        expect(vi.mocked(walletApi.deposits).mock.calls).toEqual([[1, 50]]);
        expect(marked()).toHaveLength(0);
        expect(scrolled).not.toHaveBeenCalled();
      },
    );

    it('stops at the first page reaching below an id that is not among the reader’s', async () => {
      // Ids are shared by all readers: 60 is someone else's, between two of this reader's.
      vi.mocked(walletApi.deposits).mockImplementation(async (page = 1, size = 50) =>
        Array.from({ length: 120 }, (_, i) => deposit({ id: 240 - 2 * i })).slice(
          (page - 1) * size,
          page * size,
        ),
      );
      renderScreen(<RechargeRecordScreen />, { path: '/recharge/record', at: '/recharge/record?id=141' });
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(100));
      expect(walletApi.deposits).toHaveBeenCalledTimes(2);
      expect(marked()).toHaveLength(0);
      expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    });

    it(`asks for ${START_PAGES_MAX} pages at most, then lists them without an error`, async () => {
      // Always a full page of records newer than the one asked for, as a crafted id far down would find.
      vi.mocked(walletApi.deposits).mockImplementation(async (page = 1) =>
        Array.from({ length: 50 }, (_, i) => deposit({ id: 1_000_000 - (page - 1) * 50 - i })),
      );
      renderScreen(<RechargeRecordScreen />, { path: '/recharge/record', at: '/recharge/record?id=3' });
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(START_PAGES_MAX * 50));
      expect(walletApi.deposits).toHaveBeenCalledTimes(START_PAGES_MAX);
      expect(marked()).toHaveLength(0);
      expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    });
  });
});
