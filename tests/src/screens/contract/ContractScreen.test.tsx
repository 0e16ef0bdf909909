import { act, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance, ContractInfo, ContractOrder } from '../../../../protocol';
import { i18n, switchI18n } from '../../../../src/i18n';
import type { ConnectionState } from '../../../../streams/transport';
import { CountdownSheet } from '../../../../src/screens/contract/CountdownSheet';
import ContractScreen from '../../../../src/screens/contract/ContractScreen';
import { setUser } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { INFO, LARGE_FIGURES, pending, won, wonLarge } from './fixtures';
import { afterDoubleTap } from '../../../setup/dom';

/** What the streams would say, as a tiny store the mocked hooks follow. */
const state = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    order: undefined as ContractOrder | undefined,
    seconds: 60 as number | undefined,
    info: undefined as ContractInfo | undefined,
    open: [] as ContractOrder[],
    /** What the server holds: the info a refresh reads. */
    serverInfo: undefined as ContractInfo | undefined,
    balances: undefined as Balance[] | undefined,
    connection: 'open' as ConnectionState,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    emit: () => listeners.forEach((l) => l()),
  };
});
const order = vi.hoisted(() => vi.fn());
const refresh = vi.hoisted(() =>
  vi.fn(() => {
    state.info = state.serverInfo;
    state.emit();
  }),
);

vi.mock('../../../../src/hooks/useContracts', () => ({
  useContractInfo: () => useSyncExternalStore(state.subscribe, () => state.info),
  refreshContractInfo: refresh,
  useOpenContracts: () => useSyncExternalStore(state.subscribe, () => state.open),
  useContract: (_id: number, initial: ContractOrder) =>
    useSyncExternalStore(state.subscribe, () => state.order) ?? initial,
  useCountdown: () => useSyncExternalStore(state.subscribe, () => state.seconds),
}));
vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => undefined,
  useTicker: () => ({ pair: 'btcusdt', last: '97005.00', changePercent: '1.25' }),
  useConnection: () => useSyncExternalStore(state.subscribe, () => state.connection),
}));
vi.mock('../../../../src/hooks/useSpot', () => ({
  useBalances: () => useSyncExternalStore(state.subscribe, () => state.balances),
}));
vi.mock('../../../../src/api/contract', () => ({ contractApi: { order } }));
// What is said of a result away from the sheet is outcomes.test.ts's: here, that it is asked for.
const watchOutcome = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/screens/contract/outcomes', () => ({
  watchOutcome,
  showingOutcome: () => () => {},
}));
vi.mock('../../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));
vi.mock('../../../../src/components/PriceChart', () => ({
  default: () => <div data-testid="price-chart" />,
}));

beforeAll(setupI18n);
const usdt = (available: string): Balance[] => [{ asset: 'USDT', available, frozen: '0.00000000' }];

beforeEach(() => {
  state.order = undefined;
  state.seconds = 60;
  state.connection = 'open';
  state.info = INFO;
  state.serverInfo = INFO;
  state.open = [];
  refresh.mockClear();
  state.balances = usdt('1000.00000000');
  order.mockReset();
});

describe('/contract', () => {
  it('shows the pairs, the live price, the chart, cycles with their payout and a risk notice', async () => {
    renderScreen(<ContractScreen />);
    expect(screen.getByRole('button', { name: 'BTC/USDT' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('last-price')).toHaveTextContent('97,005.00');
    expect(await screen.findByTestId('price-chart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /1 min\s*Payout 80%/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: /5 min\s*Payout 88%/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/high risk/);
    expect(await screen.findByText('1,000.00 USDT')).toBeInTheDocument();
  });

  it('puts the pair it shows into an address naming a pair it does not trade', async () => {
    const router = renderScreen(<ContractScreen />, { path: '/contract', at: '/contract?coinPair=nope' });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?coinPair=btcusdt'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: 'BTC/USDT' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when the pair it is set to is taken off the offer, and lets go of the amount typed for it', async () => {
    const user = userEvent.setup();
    const router = renderScreen(<ContractScreen />, { path: '/contract', at: '/contract?coinPair=ethusdt' });
    await user.type(screen.getByLabelText('Amount (USDT)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The investment exceeds the limit (20 – 1,000 USDT)');
    act(() => {
      state.info = { ...INFO, pairs: [INFO.pairs[0]!] };
      state.emit();
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'ETH/USDT contracts are no longer offered: the form now shows BTC/USDT. Enter your amount again.',
    );
    expect(screen.getByRole('button', { name: 'BTC/USDT' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?coinPair=btcusdt'));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    // What the reader does next is their own choice: the notice goes.
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(screen.queryByRole('status')).toBeNull();
    expect(order).not.toHaveBeenCalled();
  });

  it('says so when the cycle it is set to is taken off, falling back to the first', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.click(screen.getByRole('button', { name: /5 min/ }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    act(() => {
      state.info = {
        ...INFO,
        pairs: [{ ...INFO.pairs[0]!, cycles: [INFO.pairs[0]!.cycles[0]!] }, INFO.pairs[1]!],
      };
      state.emit();
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The 5 min cycle of BTC/USDT is no longer offered: pick a cycle and enter your amount again.',
    );
    expect(screen.getByRole('button', { name: /1 min/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('');
  });

  it('keeps its own choices quiet: another pair picked says nothing of the last', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.click(screen.getByRole('button', { name: /5 min/ }));
    await user.click(screen.getByRole('button', { name: 'ETH/USDT' }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('100');
  });

  it('refuses an amount over the available balance beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '1000.01');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(order).not.toHaveBeenCalled();
  });

  it('says a limit the server refuses the amount by beside the field, with the limits it reads anew', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    order.mockRejectedValueOnce({
      code: 400,
      msg: 'app.msg.outside_limit',
      data: { min: '10', max: '50000' },
    });
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent(/^The amount is outside the limit/);
    expect(screen.getByLabelText('Amount (USDT)')).toHaveAttribute('aria-invalid', 'true');
    expect(uiState.toasts).toEqual([]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('keeps the available balance live: a settled contract’s credit shows without a reload', () => {
    state.balances = undefined;
    renderScreen(<ContractScreen />);
    const available = () => screen.getByText('Available', { selector: 'dt' }).nextElementSibling;
    expect(available()).toHaveTextContent('—');
    act(() => {
      state.balances = usdt('9564.02000000');
      state.emit();
    });
    expect(available()).toHaveTextContent('9,564.02 USDT');
    act(() => {
      state.balances = usdt('9582.02000000');
      state.emit();
    });
    expect(available()).toHaveTextContent('9,582.02 USDT');
  });

  it('computes the expected earnings as the amount is typed or picked', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '125.5');
    expect(screen.getByTestId('expected')).toHaveTextContent('+100.40 USDT');
    await user.click(screen.getByRole('button', { name: /5 min/ }));
    expect(screen.getByTestId('expected')).toHaveTextContent('+110.44 USDT');
    await user.click(within(screen.getByLabelText('Quick amounts')).getByRole('button', { name: '500' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('500');
  });

  it.each(['5', '50001'])(
    'shows no expected earnings for %s USDT, outside the cycle\u2019s limits: no contract earns them',
    async (typed) => {
      const user = userEvent.setup();
      renderScreen(<ContractScreen />);
      await user.type(screen.getByLabelText('Amount (USDT)'), typed);
      expect(screen.getByTestId('expected')).toHaveTextContent('—');
    },
  );

  it('reads a decimal comma, as comma keypads type it, and buys that amount', async () => {
    const user = userEvent.setup();
    order.mockResolvedValue(pending());
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '125,5');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('125.5');
    expect(screen.getByTestId('expected')).toHaveTextContent('+100.40 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenCalledWith(expect.objectContaining({ amount: '125.5' }));
  });

  it.each(['10.', '00010'])('reads "%s" as the 10 it means, and buys 10', async (typed) => {
    const user = userEvent.setup();
    order.mockResolvedValue(pending());
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), typed);
    expect(screen.getByTestId('expected')).toHaveTextContent('+8.00 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenCalledWith(expect.objectContaining({ amount: '10' }));
  });

  it('keeps a reader the server finds under review on the screen, with the gate\u2019s alert', async () => {
    const user = userEvent.setup();
    uiState.alerts.length = 0;
    setUser({ token: 'tok', userinfo: { certification: 0 } });
    order.mockRejectedValue({ code: 409, msg: 'app.msg.verification_pending', data: null });
    const router = renderScreen(<ContractScreen />, { path: '/contract', at: '/contract' });
    await user.type(screen.getByLabelText('Amount (USDT)'), '125');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    await vi.waitFor(() =>
      expect(uiState.alerts.map((a) => a.text)).toEqual([
        'Your identity verification is under review. Please wait for the result',
      ]),
    );
    expect(router.state.location.pathname).toBe('/contract');
  });

  it('refuses an amount outside the cycle limits before sending anything, saying the limits', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '9.99');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The amount is outside the limit (10 – 50,000 USDT)');
    await user.clear(screen.getByLabelText('Amount (USDT)'));
    await user.type(screen.getByLabelText('Amount (USDT)'), '60000');
    await user.click(screen.getByRole('button', { name: 'Buy down' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The investment exceeds the limit (10 – 50,000 USDT)',
    );
    expect(order).not.toHaveBeenCalled();
    // Another cycle has other limits, and a quick amount is another amount: what was said goes.
    await user.click(screen.getByRole('button', { name: /5 min/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buy down' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(within(screen.getByLabelText('Quick amounts')).getAllByRole('button')[0]!);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on Enter checks the amount and says what is wrong with it, placing nothing without a direction', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    const amount = screen.getByLabelText('Amount (USDT)');
    await user.type(amount, '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    await user.type(amount, '9.99{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The amount is outside the limit (10 – 50,000 USDT)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '20{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(order).not.toHaveBeenCalled();
  });

  it('takes no digit past the ledger\u2019s eighth place, saying so, and buys what it shows', async () => {
    const user = userEvent.setup();
    order.mockResolvedValueOnce(pending());
    renderScreen(<ContractScreen />);
    const amount = screen.getByLabelText('Amount (USDT)');
    await user.type(amount, '10.123456789');
    expect(amount).toHaveValue('10.12345678');
    expect(amount).toHaveAccessibleDescription('Too many decimal places (at most 8)');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenCalledWith(expect.objectContaining({ amount: '10.12345678' }));
  });

  it.each(['-5', '1e3', 'abc', '0'])(
    'calls "%s" an invalid amount, as every amount field does',
    async (typed) => {
      const user = userEvent.setup();
      renderScreen(<ContractScreen />);
      await user.type(screen.getByLabelText('Amount (USDT)'), typed);
      await user.click(screen.getByRole('button', { name: 'Buy up' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid amount');
      expect(order).not.toHaveBeenCalled();
    },
  );

  it('asks for an amount when none is typed, as every empty field does', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractScreen />);
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(order).not.toHaveBeenCalled();
  });

  it('calls a grouped Russian figure an invalid amount, in Russian', async () => {
    await switchI18n('ru');
    try {
      const user = userEvent.setup();
      renderScreen(<ContractScreen />);
      await user.type(screen.getByLabelText(i18n.t('contract.amount', { asset: 'USDT' })), '1.000,5');
      await user.click(screen.getByRole('button', { name: i18n.t('app.data.contract_up') }));
      expect(screen.getByRole('alert')).toHaveTextContent('Введите корректную сумму');
      expect(order).not.toHaveBeenCalled();
    } finally {
      await switchI18n('us');
    }
  });

  it('sends the rate the reader saw; refused for a changed rate, it reads the new one and shows it', async () => {
    const user = userEvent.setup();
    state.serverInfo = {
      ...INFO,
      pairs: INFO.pairs.map((p, i) =>
        i === 0
          ? { ...p, cycles: [{ minutes: 1, rate: '10.00', min: '20', max: '500' }, ...p.cycles.slice(1)] }
          : p,
      ),
    };
    order.mockRejectedValueOnce({ code: 409, msg: 'app.msg.rate_changed', data: { rate: '10.00' } });
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(screen.getByTestId('expected')).toHaveTextContent('+80.00 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenCalledWith(expect.objectContaining({ cycle: 1, amount: '100', rate: '80.00' }));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: /1 min\s*Payout 10%/ })).toBeInTheDocument();
    expect(screen.getByTestId('expected')).toHaveTextContent('+10.00 USDT');
    expect(screen.getByText('Min 20 · max 500 USDT')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    order.mockResolvedValueOnce(pending({ rate: '10.00', expected: '10' }));
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenLastCalledWith(expect.objectContaining({ rate: '10.00' }));
    // A refusal is an answer: the order tried again is a new one, with a key of its own.
    expect(order.mock.calls[1]![0].requestKey).not.toBe(order.mock.calls[0]![0].requestKey);
  });

  it('keeps one request key for the same order until the server answers it', async () => {
    const user = userEvent.setup();
    const keys = () => order.mock.calls.map((c) => c[0].requestKey as string);
    renderScreen(<ContractScreen />);
    const amount = screen.getByLabelText('Amount (USDT)');
    await user.type(amount, '20');
    // The answer is lost twice (no reply, then a server fault): the same order keeps its key, so
    // the server answers the contract it may have placed instead of placing a second.
    order.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    order.mockRejectedValueOnce({ code: 500, msg: 'app.msg.unexpected_error', data: null });
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    order.mockResolvedValueOnce(pending({ amount: '20' }));
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(new Set(keys()).size).toBe(1);
    expect(refresh).not.toHaveBeenCalled();
    const sheet = await screen.findByRole('dialog');
    // The countdown came up under the finger: the reader's next tap is a new one.
    afterDoubleTap();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    afterDoubleTap();
    // Placed: the same figures again are a second contract the reader means.
    order.mockRejectedValue({ code: 0, msg: 'app.msg.network_error', data: null });
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(keys()[3]).not.toBe(keys()[0]);
    // Another direction, another amount: other orders, other keys.
    await user.click(screen.getByRole('button', { name: 'Buy down' }));
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Buy down' }));
    await user.click(screen.getByRole('button', { name: 'Buy down' }));
    expect(new Set(keys()).size).toBe(4);
    expect(keys()[6]).toBe(keys()[5]);
  });

  it('lists the reader’s running contracts of the pair after a reload, and opens one’s countdown', async () => {
    const user = userEvent.setup();
    watchOutcome.mockClear();
    state.open = [
      pending({ id: 44, direction: 'down', directionname: 'app.data.contract_down' }),
      pending({ id: 43, pair: 'ethusdt', name: 'ETH/USDT' }),
    ];
    renderScreen(<ContractScreen />);
    const running = screen.getByRole('list', { name: 'Running contracts' });
    const rows = within(running).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-contract'))).toEqual(['44']);
    // Its result is told once settled, as that of a contract opened before the reload would be.
    expect(watchOutcome.mock.calls.map(([o]) => (o as ContractOrder).id)).toEqual([44]);
    expect(within(rows[0]!).getByTestId('countdown')).toHaveTextContent('1:00');
    await user.click(within(rows[0]!).getByRole('button'));
    const sheet = screen.getByRole('dialog');
    expect(sheet).toHaveTextContent('BTC/USDT · Buy down · 1 min');
    expect(within(sheet).getByRole('timer')).toHaveTextContent('1:00');
  });

  it('shows no running section while none of the pair runs', () => {
    renderScreen(<ContractScreen />);
    expect(screen.queryByRole('list', { name: 'Running contracts' })).not.toBeInTheDocument();
  });

  it('buys up, counts down in a sheet and shows the result without a reload', async () => {
    const user = userEvent.setup();
    order.mockResolvedValue(pending());
    renderScreen(<ContractScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: 'Buy up' }));
    expect(order).toHaveBeenCalledWith(
      expect.objectContaining({ pair: 'btcusdt', direction: 'up', cycle: 1, amount: '100' }),
    );
    expect(order.mock.calls[0]![0].requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const sheet = await screen.findByRole('dialog');
    expect(watchOutcome).toHaveBeenCalledWith(pending());
    expect(within(sheet).getByTestId('countdown')).toHaveTextContent('1:00');
    expect(within(sheet).getByText('97,000.00')).toBeInTheDocument();
    expect(within(sheet).getByTestId('live-price')).toHaveTextContent('97,005.00');
    expect(within(sheet).getByTestId('live-price')).toHaveClass('price--up');
    act(() => {
      state.seconds = 0;
      state.emit();
    });
    expect(within(sheet).getByText('Settling…')).toBeInTheDocument();
    act(() => {
      state.order = won();
      state.emit();
    });
    const result = within(screen.getByRole('dialog')).getByTestId('contract-result');
    expect(result).toHaveTextContent('You won');
    expect(result).toHaveTextContent('+80.00 USDT');
    expect(result).toHaveTextContent('180.00 USDT credited');
    // The result says what came of it; what a win would earn is gone with the chance of one.
    expect(within(screen.getByRole('dialog')).queryByText('Expected earnings')).toBeNull();
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/contractList?id=41',
    );
  });

  it('says the result to a screen reader in the live region that said "Settling…", which stays', () => {
    renderScreen(<CountdownSheet placed={pending()} onClose={() => undefined} />);
    act(() => {
      state.seconds = 0;
      state.emit();
    });
    const region = within(screen.getByRole('dialog')).getByText('Settling…').closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      state.order = won();
      state.emit();
    });
    // Added to a region the reader follows already: one drawn with the result would not be read.
    expect(region).toBeInTheDocument();
    expect(region).toContainElement(screen.getByTestId('contract-result'));
    expect(screen.getByTestId('contract-result').closest('[aria-live]')).toBe(region);
  });

  it.each([
    ['reconnecting', 'us', 'Last price (reconnecting)', '97,005.00'],
    ['closed', 'de', 'Letzter Preis (Neuverbindung)', '97.005,00'],
  ] as const)(
    'says the price is not live while the socket is %s, in %s, and live again once it is back',
    async (down, lang, label, figure) => {
      await switchI18n(lang);
      try {
        renderScreen(<CountdownSheet placed={pending()} onClose={() => undefined} />);
        const price = () => within(screen.getByRole('dialog')).getByTestId('live-price');
        const labelOf = () => price().previousElementSibling?.textContent;
        const live = labelOf();
        expect(price()).toHaveClass('price--up');
        act(() => {
          state.connection = down;
          state.emit();
        });
        // The last figure stays, muted and named for what it is: not coloured as a move still under way.
        expect(labelOf()).toBe(label);
        expect(price()).toHaveTextContent(figure);
        expect(price()).toHaveClass('price--stale');
        expect(price()).not.toHaveClass('price--up');
        act(() => {
          state.connection = 'open';
          state.emit();
        });
        expect(labelOf()).toBe(live);
        expect(price()).toHaveClass('price--up');
      } finally {
        await switchI18n('us');
      }
    },
  );

  it.each(LARGE_FIGURES)('writes the settled result in the number format of $lang', async (f) => {
    await switchI18n(f.lang);
    try {
      renderScreen(<CountdownSheet placed={wonLarge()} onClose={() => undefined} />);
      const sheet = screen.getByRole('dialog');
      const figure = (labelKey: string) =>
        within(sheet).getByText(i18n.t(labelKey), { selector: 'dt' }).nextElementSibling?.textContent;
      expect(figure('contract.sheet.amount')).toBe(f.amount);
      expect(figure('contract.sheet.openPrice')).toBe(f.open);
      expect(figure('contract.sheet.closePrice')).toBe(f.close);
      expect(within(sheet).queryByText(i18n.t('contract.expected'))).toBeNull();
      const result = within(sheet).getByTestId('contract-result');
      expect(result.querySelector('.contract-result__figure')?.textContent).toBe(f.profit);
      expect(result).toHaveTextContent(f.payout);
    } finally {
      await switchI18n('us');
    }
  });
});
