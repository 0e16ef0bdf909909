import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BehaviorSubject } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance, JournalEntry } from '../../../../protocol/assets';
import { walletApi } from '../../../../src/api/wallet';
import { formatDateTime } from '../../../../src/components/format';
import * as spot from '../../../../src/hooks/useSpot';
import { switchI18n } from '../../../../src/i18n';
import AssetDetailScreen from '../../../../src/screens/wallet/AssetDetailScreen';
import { balanceVisibility } from '../../../../src/screens/wallet/hideBalances';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { spotApi } from '../../../../src/api/spot';
import { PAIRS, order } from '../trade/fixtures';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { financ: vi.fn() } }));
// The live balances as a stream the test can move, like the socket does.
vi.mock('../../../../src/hooks/useSpot', async () => {
  const { BehaviorSubject } = await import('rxjs');
  const { useObservableState } = await import('observable-hooks');
  const balances$ = new BehaviorSubject<Balance[]>([]);
  return { balances$, useBalances: () => useObservableState(balances$) };
});
vi.mock('../../../../src/hooks/useMarket', () => ({
  useTickers: () => undefined,
  usePairs: () => PAIRS,
  useConnection: () => 'open',
}));
vi.mock('../../../../src/api/spot', () => ({ spotApi: { detail: vi.fn() } }));
vi.mock('../../../../src/app/streams', async () => {
  const { NEVER } = await import('rxjs');
  return { transport: { channel$: () => NEVER } };
});

const ZERO = '0.00000000';
const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  id: 1,
  asset: 'USDT',
  type: 'app.data.deposit',
  ref: 'deposit:1',
  availableChange: ZERO,
  frozenChange: ZERO,
  availableAfter: '9237.50000000',
  frozenAfter: ZERO,
  createdAt: Date.UTC(2027, 0, 15, 10),
  ...over,
});

/** The history answers `list`, all on one page. */
const history = (list: JournalEntry[]) =>
  vi.mocked(walletApi.financ).mockResolvedValue({ page: 1, size: 20, total: list.length, list });

const { balances$ } = spot as unknown as { balances$: BehaviorSubject<Balance[]> };
const holding = (available: string) => balances$.next([{ asset: 'USDT', available, frozen: ZERO }]);

beforeAll(setupI18n);
beforeEach(async () => {
  balanceVisibility.hidden = false;
  holding('9237.50000000');
  // A withdrawal of 50 paid out from frozen funds, its freeze, and a deposit.
  history([
    entry({ id: 5, type: 'app.data.spot_fee', ref: 'order:9', availableChange: '-0.00012300' }),
    entry({ id: 4, type: 'app.data.withdraw_fee', ref: 'withdrawal:7', frozenChange: '-1.00000000' }),
    entry({ id: 3, type: 'app.data.withdraw', ref: 'withdrawal:7', frozenChange: '-49.00000000' }),
    entry({
      id: 2,
      type: 'app.data.withdraw_freeze',
      ref: 'withdrawal:7',
      availableChange: '-50.00000000',
      frozenChange: '50.00000000',
      frozenAfter: '50.00000000',
    }),
    entry({ id: 1, availableChange: '1000.00000000' }),
  ]);
  await switchI18n('de');
});
afterEach(() => switchI18n('us'));

const amountOf = (title: string) =>
  screen.getByText(title, { selector: '.record__title' }).nextElementSibling;

describe('/assets/detail', () => {
  it('colours each figure by its own sign, outflows from frozen funds included', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    // The record, not the type filter's option of the same name.
    await screen.findByText('Auszahlungsgebühr', { selector: '.record__title' });
    expect(amountOf('Auszahlungsgebühr')).toHaveTextContent('-1,00');
    expect(amountOf('Auszahlungsgebühr')).toHaveClass('is-down');
    expect(amountOf('Auszahlung')).toHaveTextContent('-49,00');
    expect(amountOf('Auszahlung')).toHaveClass('is-down');
    expect(amountOf('Einzahlung')).toHaveTextContent('+1.000,00');
    expect(amountOf('Einzahlung')).toHaveClass('is-up');
  });

  it('counts a withdrawal once: its freeze moves nothing in or out, and says so', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    await screen.findByText('Auszahlung: Guthaben gesperrt', { selector: '.record__title' });
    expect(amountOf('Auszahlung: Guthaben gesperrt')!.textContent).toBe('50,00 gesperrt');
    expect(amountOf('Auszahlung: Guthaben gesperrt')).toHaveClass('is-held');
    // What the figures in or out add up to is what the balance moved by: +1 000 in, 50 out.
    const figures = [...document.querySelectorAll('.record__amount:not(.is-held)')].map((el) =>
      Number(el.textContent!.replace(/\./g, '').replace(',', '.')),
    );
    expect(figures.reduce((a, b) => a + b, 0)).toBeCloseTo(1000 - 50 - 0.000123, 9);
  });

  it('writes a record’s figures without the ledger’s padding zeros, every digit that counts kept', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    // The record, not the type filter's option of the same name.
    await screen.findByText('Spot-Handelsgebühr', { selector: '.record__title' });
    expect(amountOf('Spot-Handelsgebühr')!.textContent).toBe('-0,000123');
    const after = screen.getAllByText(/^Saldo danach:/).map((el) => el.textContent);
    expect(after).toEqual(Array(5).fill('Saldo danach: 9.237,50'));
    expect(screen.getByText(/^Gesperrt 50/).textContent).toBe('Gesperrt 50,00');
    // The balances above keep the ledger's eight places, as the wallet writes them.
    const facts = screen.getByText('Verfügbar').closest('dl')!;
    expect(facts.querySelector('dd')!.textContent).toBe('9.237,50000000');
  });

  it('dates a record to the second, numerically, as the order and contract records do', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    // The record, not the type filter's option of the same name.
    await screen.findByText('Spot-Handelsgebühr', { selector: '.record__title' });
    const time = amountOf('Spot-Handelsgebühr')!.closest('li')!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2027-01-15T10:00:00.000Z');
    expect(time.textContent).toBe(formatDateTime(Date.UTC(2027, 0, 15, 10), 'de'));
    expect(time.textContent).toMatch(/^\d\d\.\d\d\.2027, \d\d:00:00$/);
  });

  it('writes the balances of a coin not held as the ones of a coin held: 0,00000000 each', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=DOT' });
    const facts = await screen.findByText('Verfügbar');
    const figures = [...facts.closest('dl')!.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(figures.slice(0, 3)).toEqual(['0,00000000', '0,00000000', '0,00000000']);
  });

  it('says nothing of the balances until they arrive, rather than 0', async () => {
    balances$.next(undefined as never);
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    const facts = (await screen.findByText('Verfügbar')).closest('dl')!;
    const figures = () => [...facts.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(figures().slice(0, 3)).toEqual(['…', '…', '…']);
    act(() => holding('9237.50000000'));
    expect(figures()[0]).toBe('9.237,50000000');
  });

  it('goes to the wallet without a coin, asking the server for nothing', async () => {
    vi.mocked(walletApi.financ).mockClear();
    const router = renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail' });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/assets');
    expect(walletApi.financ).not.toHaveBeenCalled();
  });

  it('lists an entry pushed onto the next page once, and shows a new one when the balance moves', async () => {
    const user = userEvent.setup();
    const page = (ids: number[], total: number) => ({
      page: 1,
      size: 20,
      total,
      list: ids.map((id) => entry({ id, availableChange: `${id}.00000000` })),
    });
    const newest = Array.from({ length: 20 }, (_, i) => 140 - i);
    // Entry 141 came in after page 1 was read: page 2 now starts with page 1's last entry.
    vi.mocked(walletApi.financ).mockImplementation(async ({ page: n = 1 }) =>
      n === 1 ? page(newest, 21) : page([121, 120], 22),
    );
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    expect(await screen.findByText('+140,00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('+120,00')).toBeInTheDocument();
    expect(screen.getAllByText('+121,00')).toHaveLength(1);

    vi.mocked(walletApi.financ).mockImplementation(async ({ page: n = 1 }) =>
      n === 1 ? page([141, ...newest.slice(0, 19)], 22) : page([121, 120], 22),
    );
    act(() => holding('9378.50000000'));
    expect(await screen.findByText('+141,00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(/^\+1\d\d,00$/)).toHaveLength(22));
  });

  it('keeps its type and the pages shown in the address, for Back from a deposit to find them again', async () => {
    const user = userEvent.setup();
    vi.mocked(walletApi.financ).mockClear();
    vi.mocked(walletApi.financ).mockImplementation(async ({ page: n = 1 }) => ({
      page: n,
      size: 20,
      total: 45,
      list: Array.from({ length: n < 3 ? 20 : 5 }, (_, i) =>
        entry({ id: 200 - 20 * (n - 1) - i, availableChange: '1000.00000000' }),
      ),
    }));
    const router = renderScreen(<AssetDetailScreen />, {
      path: '/assets/detail',
      at: '/assets/detail?coin=USDT&type=app.data.deposit&pages=2',
    });
    await waitFor(() => expect(screen.getAllByText('+1.000,00')).toHaveLength(40));
    expect(vi.mocked(walletApi.financ).mock.calls.map(([q]) => [q.page, q.type])).toEqual([
      [1, 'app.data.deposit'],
      [2, 'app.data.deposit'],
    ]);
    expect(screen.getByRole('combobox')).toHaveValue('app.data.deposit');

    await user.click(screen.getByRole('button', { name: 'Mehr laden' }));
    await waitFor(() => expect(screen.getAllByText('+1.000,00')).toHaveLength(45));
    expect(new URLSearchParams(router.state.location.search).get('pages')).toBe('3');

    // Another type starts again from its first page.
    await user.selectOptions(screen.getByRole('combobox'), '');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('type')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('pages')).toBeNull();
  });

  it('opens the order an entry came from over the history, and leads from any other to its record, picked out', async () => {
    const user = userEvent.setup();
    history([
      entry({ id: 7, type: 'app.data.spot_trade', ref: 'order:9', availableChange: '-100.00000000' }),
      entry({ id: 6, type: 'app.data.contract_open', ref: 'contract:4', availableChange: '-20.00000000' }),
      entry({ id: 5, ref: 'deposit:31', availableChange: '1000.00000000' }),
      entry({ id: 4, type: 'app.data.withdraw', ref: 'withdrawal:12', availableChange: '-50.00000000' }),
      entry({ id: 3, type: 'app.data.pledge', ref: 'pledge:8', availableChange: '-500.00000000' }),
      // A demo account's starting funds name nothing the reader can open.
      entry({ id: 2, type: 'app.data.demo_funding', ref: 'seed', availableChange: '5.00000000' }),
    ]);
    vi.mocked(spotApi.detail).mockResolvedValue({ ...order({ id: 9 }), fills: [] });
    const router = renderScreen(<AssetDetailScreen />, {
      path: '/assets/detail',
      at: '/assets/detail?coin=USDT',
    });
    expect(await screen.findByRole('link', { name: /Kontrakt eröffnet/ })).toHaveAttribute(
      'href',
      '/contractList?id=4',
    );
    const links = {
      Einzahlung: '/recharge/record?id=31',
      Auszahlung: '/withdraw/record?id=12',
      'Staking-Einlage': '/defi/pledgeRecord?id=8',
    };
    for (const [type, href] of Object.entries(links)) {
      const link = screen.getByText(type, { selector: '.record__title' }).closest('a');
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveClass('record__open');
    }
    expect(screen.getByText('+5,00').closest('a, button')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Spot-Abschluss/ }));
    expect(await screen.findByTestId('order-detail')).toBeInTheDocument();
    expect(spotApi.detail).toHaveBeenCalledWith(9);
    // Over the history, which stays where it was.
    expect(router.state.location.search).toBe('?coin=USDT');
  });
});
