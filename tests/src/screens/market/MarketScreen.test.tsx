import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PairInfo, Ticker } from '../../../../protocol';
import { i18n } from '../../../../src/i18n';
import MarketScreen from '../../../../src/screens/market/MarketScreen';
import { setupI18n } from '../../../setup/i18n';

const pair = (base: string, pricePrecision = 2): PairInfo => ({
  symbol: `${base.toLowerCase()}usdt`,
  name: `${base}/USDT`,
  base,
  quote: 'USDT',
  pricePrecision,
  qtyPrecision: 3,
});
const PAIRS = [pair('BTC'), pair('ETH'), pair('DOGE', 5)];
const ticker = (p: string, last: string, changePercent: string, quoteVolume: string): Ticker => ({
  pair: p,
  open: last,
  high: last,
  low: last,
  last,
  volume: '1',
  quoteVolume,
  changePercent,
  ts: 1,
});
const TICKERS = new Map([
  ['btcusdt', ticker('btcusdt', '97000.00', '1.50', '900000000.00')],
  ['ethusdt', ticker('ethusdt', '3400.00', '-2.25', '1200000000.00')],
  ['dogeusdt', ticker('dogeusdt', '0.38000', '7.10', '5000000.00')],
]);

vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => PAIRS,
  useTickersEvery: () => TICKERS,
  useTicker: (p: string) => TICKERS.get(p),
  useConnection: () => 'open',
}));

beforeAll(setupI18n);

const renderScreen = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MarketScreen />
      </MemoryRouter>
    </I18nextProvider>,
  );

const order = () =>
  within(screen.getByRole('list', { name: 'Pairs' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-pair'));

describe('the market list', () => {
  it('lists the USDT pairs with live price and change, formatted for the locale', () => {
    renderScreen();
    expect(screen.getByRole('tab', { name: 'USDT markets' })).toHaveAttribute('aria-selected', 'true');
    expect(order()).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    const btc = screen.getByRole('link', { name: /BTC/ });
    expect(btc).toHaveAttribute('href', '/marketDetail?coinPair=btcusdt');
    expect(btc).toHaveTextContent('97,000.00');
    expect(btc).toHaveTextContent('+1.50%');
    expect(screen.getByRole('link', { name: /DOGE/ })).toHaveTextContent('0.38000');
  });

  it('moves between the favourites and USDT tabs with the arrow keys, one tab stop for both', async () => {
    renderScreen();
    const favourites = screen.getByRole('tab', { name: 'Favourites' });
    const usdt = screen.getByRole('tab', { name: 'USDT markets' });
    expect([favourites.tabIndex, usdt.tabIndex]).toEqual([-1, 0]);
    await userEvent.tab();
    expect(usdt).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(favourites).toHaveFocus();
    expect(favourites).toHaveAttribute('aria-selected', 'true');
    expect([favourites.tabIndex, usdt.tabIndex]).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Favourites' })).toHaveTextContent(/No favourites yet/);
    await userEvent.keyboard('{ArrowLeft}');
    expect(usdt).toHaveFocus();
    expect(
      within(screen.getByRole('tabpanel', { name: 'USDT markets' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await userEvent.keyboard('{Home}');
    expect(favourites).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(usdt).toHaveAttribute('aria-selected', 'true');
    // Past the tabs, Tab goes on to the search field, not to the other tab.
    await userEvent.tab();
    expect(screen.getByRole('searchbox', { name: 'Search coin' })).toHaveFocus();
  });

  it('searches by coin or pair name', async () => {
    renderScreen();
    const search = screen.getByRole('searchbox', { name: 'Search coin' });
    await userEvent.type(search, 'eth');
    expect(order()).toEqual(['ethusdt']);
    await userEvent.clear(search);
    await userEvent.type(search, 'DOGE/US');
    expect(order()).toEqual(['dogeusdt']);
    await userEvent.type(search, 'x');
    expect(screen.getByText('No pair matches your search.')).toBeInTheDocument();
  });

  it('finds a pair typed in full-width letters, as a Japanese or Chinese keyboard often writes them', async () => {
    renderScreen();
    const search = screen.getByRole('searchbox', { name: 'Search coin' });
    await userEvent.type(search, 'ＥＴＨ');
    expect(order()).toEqual(['ethusdt']);
    await userEvent.clear(search);
    // A full-width slash and space too.
    await userEvent.type(search, 'ｄｏｇｅ／ｕｓ');
    expect(order()).toEqual(['dogeusdt']);
    await userEvent.clear(search);
    await userEvent.type(search, 'ｂｔｃ　');
    expect(order()).toEqual(['btcusdt']);
  });

  it('sorts by name, price, change and volume, descending first, then ascending, then off', async () => {
    renderScreen();
    const sortBy = (name: string) => userEvent.click(screen.getByRole('button', { name: new RegExp(name) }));
    await sortBy('Last price');
    expect(order()).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    // The order is in the button's name: aria-sort on a button reached no assistive technology.
    expect(screen.getByRole('button', { name: /Last price/ })).toHaveAccessibleName(
      'Last price (sorted descending)',
    );
    expect(screen.getByRole('button', { name: /Last price/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Name/ })).toHaveAttribute('aria-pressed', 'false');
    await sortBy('Last price');
    expect(screen.getByRole('button', { name: /Last price/ })).toHaveAccessibleName(
      'Last price (sorted ascending)',
    );
    expect(order()).toEqual(['dogeusdt', 'ethusdt', 'btcusdt']);
    await sortBy('24h change');
    expect(order()).toEqual(['dogeusdt', 'btcusdt', 'ethusdt']);
    await sortBy('Vol');
    expect(order()).toEqual(['ethusdt', 'btcusdt', 'dogeusdt']);
    await sortBy('Name');
    expect(order()).toEqual(['btcusdt', 'dogeusdt', 'ethusdt']);
    await sortBy('Name');
    expect(order()).toEqual(['ethusdt', 'dogeusdt', 'btcusdt']);
    await sortBy('Name');
    expect(order()).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
  });

  it('keeps starred pairs under favourites, on this device', async () => {
    const { unmount } = renderScreen();
    await userEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(screen.getByText(/No favourites yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'USDT markets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add ETH/USDT to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove ETH/USDT from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(order()).toEqual(['ethusdt']);
    expect(JSON.parse(localStorage.getItem('favouritePairs') ?? '[]')).toEqual(['ethusdt']);
    unmount();
    // Coming back, the favourites tab opens first.
    renderScreen();
    expect(screen.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true');
    expect(order()).toEqual(['ethusdt']);
  });
});
