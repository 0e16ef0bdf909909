import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../src/i18n';
import { MiniBook } from '../../../../src/screens/trade/MiniBook';
import { setupI18n } from '../../../setup/i18n';

const market = vi.hoisted(() => ({
  depth: { bids: [] as [string, string][], asks: [] as [string, string][] } as
    { bids: [string, string][]; asks: [string, string][] } | undefined,
}));
vi.mock('../../../../src/hooks/useMarket', () => ({
  useDepth: () => market.depth,
  useTicker: (pair: string) => ({ pair, last: '100000.00', changePercent: '0' }),
}));

beforeAll(setupI18n);

const book = (onPrice = () => undefined) => (
  <I18nextProvider i18n={i18n}>
    <MiniBook pair="btcusdt" base="BTC" quote="USDT" onPrice={onPrice} />
  </I18nextProvider>
);

describe('the trade screen\u2019s book', () => {
  it('keeps the keyboard on the row it is on as the house requotes, and says what a tap does', () => {
    market.depth = {
      bids: [
        ['99990.00', '0.50000'],
        ['99980.00', '1.00000'],
      ],
      asks: [['100010.00', '0.25000']],
    };
    const onPrice = vi.fn();
    const { rerender } = render(book(onPrice));
    const best = within(screen.getByTestId('book-bids')).getAllByRole('button')[0]!;
    expect(best).toHaveAccessibleDescription('Tap a price to use it in the order');
    best.focus();
    // Every level moves: a row keyed by its price went, and the focus with it.
    market.depth = {
      bids: [
        ['99995.00', '0.40000'],
        ['99985.00', '1.20000'],
      ],
      asks: [['100015.00', '0.25000']],
    };
    rerender(book(onPrice));
    const now = within(screen.getByTestId('book-bids')).getAllByRole('button')[0]!;
    expect(now).toHaveFocus();
    expect(now).toHaveTextContent('99,995.00');
    now.click();
    expect(onPrice).toHaveBeenCalledWith('99995.00');
  });

  it('draws each level over a bar of the size from the best price to it, both sides on one scale', () => {
    market.depth = {
      bids: [
        ['99990.00', '0.50000'],
        ['99980.00', '1.00000'],
      ],
      asks: [
        ['100010.00', '0.25000'],
        ['100020.00', '0.50000'],
      ],
    };
    render(book());
    const bars = (side: string) =>
      within(screen.getByTestId(side))
        .getAllByRole('button')
        .map((row) => [row.textContent, (row.querySelector('.mini-book__bar') as HTMLElement).style.width]);
    expect(bars('book-bids')).toEqual([
      ['99,990.000.50000', '33.3%'],
      ['99,980.001.00000', '100%'],
    ]);
    // Best ask nearest the middle, at the bottom of its side.
    expect(bars('book-asks')).toEqual([
      ['100,020.000.50000', '50%'],
      ['100,010.000.25000', '16.7%'],
    ]);
  });

  it('shows it is loading until the book comes, and says so when the book holds no orders', () => {
    market.depth = undefined;
    const { rerender } = render(book());
    expect(within(screen.getByTestId('mini-book')).getByRole('status')).toHaveTextContent('Loading');
    market.depth = { bids: [], asks: [] };
    rerender(book());
    expect(within(screen.getByTestId('mini-book')).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('mini-book')).toHaveTextContent('No orders in the book');
    market.depth = { bids: [['99990.00', '0.50000']], asks: [] };
    rerender(book());
    expect(screen.getByTestId('mini-book')).not.toHaveTextContent('No orders in the book');
  });
});
