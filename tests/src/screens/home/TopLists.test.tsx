import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from '../../../../protocol';
import { useTickersEvery } from '../../../../src/hooks/useMarket';
import { i18n, switchI18n } from '../../../../src/i18n';
import { TopLists } from '../../../../src/screens/home/TopLists';
import { setupI18n } from '../../../setup/i18n';

vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => [
    { symbol: 'btcusdt', base: 'BTC', quote: 'USDT' },
    { symbol: 'ethusdt', base: 'ETH', quote: 'USDT' },
  ],
  useTickersEvery: vi.fn(),
}));

const ticker = (pair: string, changePercent: string): Ticker => ({
  pair,
  open: '1',
  high: '1',
  low: '1',
  last: '100.00',
  volume: '1',
  quoteVolume: '1000',
  changePercent,
  ts: 1,
});

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <TopLists />
      </MemoryRouter>
    </I18nextProvider>,
  );

beforeAll(setupI18n);
beforeEach(() => vi.mocked(useTickersEvery).mockReset());

describe('top lists', () => {
  it('says so when no pair fell, rather than showing an empty card', async () => {
    vi.mocked(useTickersEvery).mockReturnValue(
      new Map([
        ['btcusdt', ticker('btcusdt', '1.50')],
        ['ethusdt', ticker('ethusdt', '0.20')],
      ]),
    );
    show();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Losers' }));
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('No pair has fallen in the last 24 hours')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Volume' }));
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('writes a volume as the market list does, to three significant digits', async () => {
    vi.mocked(useTickersEvery).mockReturnValue(
      new Map([['btcusdt', { ...ticker('btcusdt', '1.50'), quoteVolume: '1578290000.12' }]]),
    );
    await switchI18n('es');
    try {
      show();
      await userEvent.click(screen.getByRole('tab', { name: 'Volumen' }));
      expect(screen.getByText('1580 M')).toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('keeps quiet until the tickers have arrived', () => {
    vi.mocked(useTickersEvery).mockReturnValue(undefined);
    show();
    expect(screen.queryByText('No pair has risen in the last 24 hours')).toBeNull();
  });

  it('moves between the boards with the arrow keys', async () => {
    vi.mocked(useTickersEvery).mockReturnValue(new Map([['btcusdt', ticker('btcusdt', '1.50')]]));
    show();
    screen.getByRole('tab', { name: 'Gainers' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Volume' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Volume' })).toContainElement(screen.getByRole('link'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Losers', selected: true })).toHaveFocus();
  });
});
