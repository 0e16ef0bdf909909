import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepthSnapshot, Trade } from '../../../../protocol';
import { i18n, switchI18n } from '../../../../src/i18n';
import { BookPanel } from '../../../../src/screens/marketDetail/BookPanel';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

const market = vi.hoisted(() => ({
  trades: undefined as Trade[] | undefined,
  depth: undefined as Pick<DepthSnapshot, 'bids' | 'asks'> | undefined,
}));
vi.mock('../../../../src/hooks/useMarket', () => ({
  useDepth: () => market.depth,
  useTrades: () => market.trades,
}));

beforeAll(setupI18n);
beforeEach(() => {
  market.trades = undefined;
  market.depth = undefined;
});

const showTrades = async () => {
  const user = userEvent.setup();
  renderScreen(<BookPanel pair="btcusdt" />);
  await user.click(screen.getByRole('tab', { name: i18n.t('marketDetail.trades') }));
};

describe('/marketDetail trades', () => {
  it('says it is loading until the first trades arrive', async () => {
    await showTrades();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('trade-list')).not.toBeInTheDocument();
  });

  it.each([
    ['us', 'No trades yet'],
    ['ru', 'Сделок пока нет'],
    ['jp', 'まだ約定はありません'],
  ] as const)('says in %s that a market which has not traded has no trades', async (lang, text) => {
    market.trades = [];
    await switchI18n(lang);
    try {
      await showTrades();
      expect(screen.getByTestId('trade-list')).toHaveTextContent(text);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('lists the trades once there are some', async () => {
    market.trades = [{ id: 1, ts: Date.UTC(2027, 0, 15, 10), price: '97000.5', qty: '0.25', side: 'buy' }];
    await showTrades();
    const rows = within(screen.getByTestId('trade-list')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('97,000.5');
    expect(screen.queryByText('No trades yet')).not.toBeInTheDocument();
  });
});

// The book drew its column heads over nothing until the snapshot came, on a slow network for
// seconds: a market with no orders at all, to the reader, and no different from one really empty.
describe('/marketDetail order book', () => {
  it('says it is loading until the first book arrives', () => {
    renderScreen(<BookPanel pair="btcusdt" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('order-book')).not.toBeInTheDocument();
  });

  it.each([
    ['us', 'No orders in the book'],
    ['de', 'Keine Orders im Orderbuch'],
    ['jp', '板に注文はありません'],
  ] as const)('says in %s that a book with no orders is empty', async (lang, text) => {
    market.depth = { bids: [], asks: [] };
    await switchI18n(lang);
    try {
      renderScreen(<BookPanel pair="btcusdt" />);
      expect(screen.getByTestId('order-book')).toHaveTextContent(text);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('lists the levels once there are some', () => {
    market.depth = { bids: [['96990.00', '0.5']], asks: [] };
    renderScreen(<BookPanel pair="btcusdt" />);
    expect(within(screen.getByRole('list', { name: 'Bid' })).getByRole('listitem')).toHaveTextContent(
      '96,990.00',
    );
    expect(screen.queryByText('No orders in the book')).not.toBeInTheDocument();
  });
});

describe('/marketDetail book tabs', () => {
  it('switch between the order book and the trades with the arrow keys', async () => {
    renderScreen(<BookPanel pair="btcusdt" />);
    const depth = screen.getByRole('tab', { name: i18n.t('marketDetail.depth') });
    const trades = screen.getByRole('tab', { name: i18n.t('marketDetail.trades') });
    expect([depth.tabIndex, trades.tabIndex]).toEqual([0, -1]);
    depth.focus();
    await userEvent.keyboard('{End}');
    expect(trades).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: i18n.t('marketDetail.trades') })).toHaveTextContent(
      'Loading',
    );
  });
});
