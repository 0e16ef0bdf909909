import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { siteApi } from '../../../../src/api/site';
import { i18n } from '../../../../src/i18n';
import { configState } from '../../../../src/state/config';
import HomeScreen from '../../../../src/screens/home/HomeScreen';
import { setupI18n } from '../../../setup/i18n';

vi.mock('../../../../src/api/site', () => ({
  siteApi: {
    coinList: vi.fn(async () => [
      { tradecoin: 'BTC', settlecoin: 'USDT', name: 'BTC/USDT' },
      { tradecoin: 'ETH', settlecoin: 'USDT', name: 'ETH/USDT' },
    ]),
    popups: vi.fn(async () => [{ id: 1, title: 'Welcome', content: 'Trade carefully.' }]),
    carousel: vi.fn(async () => [{ id: 1, title: 'Spot trading', image: '/img/a.svg', link: '/trade' }]),
    content: vi.fn(async (type?: string) =>
      type === 'home'
        ? [{ id: 3, type: 'home', title: 'Honest prices', body: 'From the recorded feed.' }]
        : [],
    ),
    notices: vi.fn(async () => [{ id: 9, title: 'New pairs listed', message: 'DOT/USDT', createdAt: 1 }]),
  },
}));

// Live prices come from the market streams; here a fixed ticker stands in for them.
vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => [],
  useTickersEvery: () => new Map(),
  useTicker: (pair: string) =>
    pair === 'btcusdt'
      ? {
          pair,
          open: '1',
          high: '1',
          low: '1',
          last: '97000.00',
          volume: '1',
          quoteVolume: '1',
          changePercent: '1.50',
          ts: 1,
        }
      : undefined,
  useConnection: () => 'open',
}));

beforeAll(setupI18n);

const showHome = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <HomeScreen />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('home screen', () => {
  it('shows the pop-up, then banners, the latest notice, shortcuts, the listed pairs and home content', async () => {
    showHome();
    // The pop-up stands in front of the screen (which is inert meanwhile) until it is acknowledged.
    expect(await screen.findByRole('dialog')).toHaveTextContent('Welcome');
    await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(await screen.findByText('Spot trading')).toBeInTheDocument();
    // Named by what it shows (the latest title) after what it is, so voice control finds it.
    expect(screen.getByRole('link', { name: 'Notices New pairs listed' })).toHaveAttribute('href', '/notice');
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/recharge/select',
    );
    expect(await screen.findByRole('link', { name: /BTC/ })).toHaveAttribute(
      'href',
      '/marketDetail?coinPair=btcusdt',
    );
    expect(screen.getByRole('link', { name: /BTC/ })).toHaveTextContent('97,000.00');
    expect(screen.getByText('Honest prices')).toBeInTheDocument();
  });

  it('is titled by one heading of the first level, the exchange’s name, where focus goes as it comes up', async () => {
    configState.config = {
      certification: true,
      lang: 'en-us',
      custom: '',
      thirdPartyWithdrawalAddress: true,
      h5ico: '/favicon.svg',
      appDownloadLink: '',
      logo: '/logo.svg',
      companyName: 'Acme Exchange',
    };
    // No pop-up in front, which would leave the screen inert to the queries.
    vi.mocked(siteApi.popups).mockResolvedValueOnce([]);
    showHome();
    await screen.findByText('Honest prices');
    // A reader going by headings found the sections alone, and arriving from another tab was put
    // at the start of the screen with nothing said of where it was (useScreenFocus wants the title).
    const titles = screen.getAllByRole('heading', { level: 1 });
    expect(titles).toHaveLength(1);
    expect(titles[0]).toHaveAccessibleName('Acme Exchange');
    expect(titles[0]).toHaveAttribute('tabindex', '-1');
  });

  it('says there are no notices only once it has read that there are none', async () => {
    vi.mocked(siteApi.popups).mockResolvedValueOnce([]);
    let answer: (notices: []) => void = () => undefined;
    vi.mocked(siteApi.notices).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    showHome();
    await screen.findByText('Honest prices');
    // Not read yet (or not readable: the network gone): nothing is known of the notices.
    expect(screen.getByRole('link', { name: 'Notices' })).toHaveAttribute('href', '/notice');
    expect(screen.queryByText('No notices at the moment')).not.toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('No notices at the moment')).toBeInTheDocument();
  });
});
