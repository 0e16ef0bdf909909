import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractOrder, Locale } from '../../../../protocol';
import { i18n, switchI18n } from '../../../../src/i18n';
import ContractListScreen from '../../../../src/screens/contractList/ContractListScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { LARGE_FIGURES, pending, won, wonLarge } from './fixtures';
import { afterDoubleTap } from '../../../setup/dom';

const OPEN = [pending({ id: 42, direction: 'down', directionname: 'app.data.contract_down' }), pending()];
const SETTLED = [
  won({ id: 40 }),
  won({
    id: 39,
    result: 'void',
    resultname: 'app.data.contract_void',
    payout: '100',
    profit: '0',
    closePrice: null,
    closeTick: null,
  }),
];
const LARGE = wonLarge();
/** LARGE while it still runs: what it may earn is written as its result later is. */
const LARGE_RUNNING = pending({ id: 36, amount: LARGE.amount, expected: LARGE.expected });
/** A settled loss: what its detail books is the amount lost, not what a win would have earned. */
const LOST = won({
  id: 37,
  result: 'loss',
  resultname: 'app.data.contract_loss',
  closePrice: '96990.00',
  payout: '0',
  profit: '-100',
});
let openList: ContractOrder[] = OPEN;
let settledList: ContractOrder[] = SETTLED;
let settledTotal = 2;
/** How many are in progress, when more than the list shown. */
let openTotal: number | undefined;
const byId = new Map<number, ContractOrder>(
  [...OPEN, ...SETTLED, LARGE, LARGE_RUNNING, LOST].map((o) => [o.id, o]),
);
/** Those following a contract's detail, told when a test changes it (as the stream would). */
const detailReaders = new Set<() => void>();
const settle = (order: ContractOrder) => {
  byId.set(order.id, order);
  detailReaders.forEach((tell) => tell());
};

vi.mock('../../../../src/hooks/useContracts', () => ({
  useContractPage: (state: 'open' | 'settled', page: number, size: number) => {
    const [list, total] =
      state === 'open' ? [openList, openTotal ?? openList.length] : [settledList, settledTotal];
    return { list: page > Math.ceil(total / size) ? [] : list, page, size, total };
  },
  useContract: (id: number | undefined, initial?: ContractOrder) => (id ? byId.get(id) : initial),
  useContractDetail: (id: number) => {
    const order = useSyncExternalStore(
      (tell) => {
        detailReaders.add(tell);
        return () => void detailReaders.delete(tell);
      },
      () => byId.get(id),
    );
    return order ? { order } : { failure: 'app.msg.contract_not_exist' };
  },
  useCountdown: () => 42,
}));
vi.mock('../../../../src/hooks/useMarket', () => ({ useConnection: () => 'open' }));
// What is said of a result is outcomes.test.ts's: here, which contracts it is asked for.
const watchOutcome = vi.hoisted(() => vi.fn());
const shown = vi.hoisted(() => new Set<number>());
vi.mock('../../../../src/screens/contract/outcomes', () => ({
  watchOutcome,
  showingOutcome: (id: number) => {
    shown.add(id);
    return () => void shown.delete(id);
  },
}));

beforeAll(setupI18n);
beforeEach(() => {
  openList = OPEN;
  settledList = SETTLED;
  settledTotal = 2;
  openTotal = undefined;
  watchOutcome.mockClear();
});

/** Runs a check with the screens in `lang`, and English again after it. */
const inLanguage = async (lang: Locale, check: () => void) => {
  await switchI18n(lang);
  try {
    check();
  } finally {
    await switchI18n('us');
  }
};

/** The figure beside a label of a key/value list, in the language on screen. */
const figure = (scope: HTMLElement, labelKey: string) =>
  within(scope).getByText(i18n.t(labelKey), { selector: 'dt' }).nextElementSibling?.textContent;

describe('/contractList', () => {
  it('lists contracts in progress with their countdowns, then settled ones with their results', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractListScreen />, { path: '/contractList' });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-contract'))).toEqual(['42', '41']);
    expect(rows[0]).toHaveTextContent('Buy down');
    expect(within(rows[0]!).getByRole('timer')).toHaveTextContent('0:42');
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    const settled = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(settled[0]).toHaveTextContent('Win +80.00 USDT');
    expect(settled[1]).toHaveTextContent('Void, refunded 100.00 USDT');
  });

  it('names the currency of every settled amount, a win’s and a loss’s as a refund’s', async () => {
    settledList = [won({ id: 40 }), LOST, SETTLED[1]!];
    settledTotal = 3;
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?tab=settled' });
    const outcomes = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.pnl')?.textContent?.replace(/\s+/g, ' '));
    expect(outcomes).toEqual(['Win +80.00 USDT', 'Loss -100.00 USDT', 'Void, refunded 100.00 USDT']);
  });

  it('tells the result of each contract it lists in progress, one opened before a reload too, and of no settled one', async () => {
    const user = userEvent.setup();
    renderScreen(<ContractListScreen />, { path: '/contractList' });
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(watchOutcome.mock.calls.map(([o]) => (o as ContractOrder).id)).toEqual([42, 41]);
  });

  it('keeps the tab and page in the address, so back from a detail finds the same page', async () => {
    const user = userEvent.setup();
    settledTotal = 45;
    const router = renderScreen(<ContractListScreen />, { path: '/contractList' });
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?tab=settled&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(within(screen.getByRole('list')).getAllByRole('link')[0]!);
    expect(router.state.location.search).toBe('?id=40');
    await act(() => router.navigate(-1));
    afterDoubleTap();
    expect(screen.getByRole('tab', { name: 'Settled' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'In progress' }));
    expect(router.state.location.search).toBe('');
  });

  // Read once, 50 newest: a reader with 56 running saw 50 and no pager, the six closing soonest out
  // of sight until some settled.
  it('pages the contracts in progress as it pages the settled ones', async () => {
    const user = userEvent.setup();
    openTotal = 56;
    const router = renderScreen(<ContractListScreen />, { path: '/contractList' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'In progress' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the last page for an address naming a page past it, not "none yet" with "Page 4 of 4"', () => {
    // An old link or a typed address: the reader has settled contracts, only fewer pages of them.
    const router = renderScreen(<ContractListScreen />, {
      path: '/contractList',
      at: '/contractList?tab=settled&page=4',
    });
    expect(router.state.location.search).toBe('?tab=settled');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/Page 4/)).toBeNull();
  });

  it('says there are none in the empty-state block other lists use, not flush against the edge', () => {
    openList = [];
    renderScreen(<ContractListScreen />, { path: '/contractList' });
    expect(screen.getByText('No contracts in progress.').parentElement).toHaveClass('empty-state');
    // Not "none yet": settled ones may well be there.
    expect(screen.queryByText(/yet/)).toBeNull();
  });

  it('shows every field of a settled contract and its receipt ticks', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=40' });
    expect(screen.getByRole('heading', { name: 'Contract detail' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const s of [
      'Timed contract · BTC/USDT',
      'Buy up',
      '1 min',
      '100.00\u00a0USDT',
      'Payout rate80%',
      'Open price97,000.00',
      'Close price97,012.50',
      'Profit/loss+80.00\u00a0USDT',
      'StatusSettled',
      'ResultWin',
    ]) {
      expect(text).toContain(s);
    }
    // Settled, it says what was booked; what a win would have earned is no figure of it any more.
    expect(text).not.toContain('Expected earnings');
    const receipt = screen.getByTestId('receipt');
    expect(within(receipt).getByLabelText('Opening tick')).toHaveTextContent('#501');
    expect(within(receipt).getByLabelText('Closing tick')).toHaveTextContent('#777');
    expect(within(receipt).getByLabelText('Closing tick')).toHaveTextContent('97,012.50');
    expect(within(receipt).getByLabelText('Closing tick')).toHaveTextContent('SourcePrice simulator');
  });

  it.each([
    ['ru', 'Аннулирован, возврат 100,00 USDT', 'ИсточникСимулятор цен'],
    ['jp', '無効（返金） 100.00 USDT', 'ソース価格シミュレーター'],
  ] as const)(
    'says in %s what a void contract refunded and where a receipt’s prices came from',
    (lang, refunded, source) =>
      inLanguage(lang, () => {
        renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?tab=settled' });
        expect(within(screen.getByRole('list')).getAllByRole('listitem')[1]).toHaveTextContent(refunded);
        cleanup();
        renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=40' });
        const receipt = screen.getByTestId('receipt');
        expect(within(receipt).getByLabelText(i18n.t('contractList.closeTick'))).toHaveTextContent(source);
      }),
  );

  it('says the result of a running contract to a screen reader in the live region of its countdown', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=42' });
    const followed = [...document.querySelectorAll('[aria-live="polite"]')];
    try {
      act(() => settle(won({ id: 42, direction: 'down', directionname: 'app.data.contract_down' })));
      // Added to a region the reader follows already: one drawn with the result would not be read.
      const region = screen.getByTestId('contract-result').closest('[aria-live]');
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(followed).toContain(region);
    } finally {
      byId.set(42, OPEN[0]!);
    }
  });

  it('shows a settled loss as the loss booked, in red with its currency, and no earnings still expected', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=37' });
    const page = document.body;
    expect(screen.getByTestId('contract-result')).toHaveTextContent('Not this time');
    expect(screen.getByTestId('contract-result')).toHaveTextContent('-100.00 USDT');
    expect(figure(page, 'contractList.result')).toBe('Loss');
    expect(figure(page, 'contractList.profit')).toBe('-100.00\u00a0USDT');
    expect(within(page).getByText('-100.00 USDT', { selector: 'dd > span' })).toHaveClass('pnl--down');
    expect(within(page).queryByText('Expected earnings')).toBeNull();
    expect(page).not.toHaveTextContent('+80.00');
  });

  it('shows what a running contract would earn, and no profit or loss before one is booked', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=41' });
    const page = document.body;
    expect(figure(page, 'contract.expected')).toBe('+80.00\u00a0USDT');
    expect(within(page).queryByText('Profit/loss')).toBeNull();
  });

  it('says why a void contract has no closing tick', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=39' });
    expect(screen.getByTestId('receipt')).toHaveTextContent('No valid price was recorded at the close');
    expect(screen.getByTestId('contract-result')).toHaveTextContent('No valid closing price');
  });

  it('writes the nothing a refunded contract earned without a sign, "0.00", not "+0.00"', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=39' });
    expect(screen.getByTestId('contract-result').querySelector('.contract-result__figure')).toHaveTextContent(
      /^0\.00 USDT$/,
    );
    expect(figure(document.body, 'contractList.profit')).toBe('0.00\u00a0USDT');
  });

  it('says a contract does not exist, in the reader’s language, instead of waiting for it', async () => {
    await switchI18n('jp');
    try {
      renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=999999' });
      expect(screen.getByRole('alert')).toHaveTextContent('コントラクトが存在しません');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('counts down a running contract in its detail', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=41' });
    expect(screen.getByTestId('countdown')).toHaveTextContent('0:42');
    expect(screen.getByTestId('receipt')).toHaveTextContent('#501');
  });

  it('keeps the result of the contract its detail shows to the detail, no toast saying it again, while shown', () => {
    renderScreen(<ContractListScreen />, { path: '/contractList', at: '/contractList?id=41' });
    expect([...shown]).toEqual([41]);
    cleanup();
    expect([...shown]).toEqual([]);
  });

  it.each(LARGE_FIGURES)(
    'writes a settled contract’s figures and receipt prices in the number format of $lang',
    async (f) => {
      await switchI18n(f.lang);
      try {
        renderScreen(<ContractListScreen />, { path: '/contractList', at: `/contractList?id=${LARGE.id}` });
        const page = document.body;
        expect(figure(page, 'contractList.amount')).toBe(f.amount);
        expect(figure(page, 'contractList.openPrice')).toBe(f.open);
        expect(figure(page, 'contractList.closePrice')).toBe(f.close);
        expect(figure(page, 'contractList.profit')).toBe(f.profit);
        const result = screen.getByTestId('contract-result');
        expect(result.querySelector('.contract-result__figure')?.textContent).toBe(f.profit);
        expect(result).toHaveTextContent(f.payout);
        const receipt = screen.getByTestId('receipt');
        const tick = (key: string) => within(receipt).getByLabelText(i18n.t(key));
        expect(figure(tick('contractList.openTick'), 'contractList.tickPrice')).toBe(f.open);
        expect(figure(tick('contractList.closeTick'), 'contractList.tickPrice')).toBe(f.close);
        cleanup();
        renderScreen(<ContractListScreen />, {
          path: '/contractList',
          at: `/contractList?id=${LARGE_RUNNING.id}`,
        });
        expect(figure(document.body, 'contract.expected')).toBe(f.expected);
      } finally {
        await switchI18n('us');
      }
    },
  );
});
