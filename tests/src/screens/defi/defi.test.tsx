import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DefiProduct, PledgeRecord } from '../../../../protocol';
import { defiApi } from '../../../../src/api/defi';
import DefiDetailScreen from '../../../../src/screens/defi/DefiDetailScreen';
import DefiScreen from '../../../../src/screens/defi/DefiScreen';
import IncomeRecordScreen from '../../../../src/screens/defi/IncomeRecordScreen';
import { projection } from '../../../../src/screens/defi/PledgeForm';
import PledgeRecordScreen from '../../../../src/screens/defi/PledgeRecordScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { afterDoubleTap } from '../../../setup/dom';
import { START_PAGES_MAX } from '../../../../src/hooks/usePages';
import { liveBalances } from './liveBalances';

const pledges$ = new Subject<unknown>();
// The device's clock against the server's: the server is a day ahead in one test.
const clock = vi.hoisted(() => ({ offset: 0 }));
vi.mock('../../../../src/app/streams', async () => {
  const { defer, of } = await import('rxjs');
  return {
    transport: { channel$: () => pledges$ },
    serverClock: { offset$: defer(() => of(clock.offset)) },
  };
});

const product: DefiProduct = {
  id: 3,
  name: 'USDT Saver 30',
  asset: 'USDT',
  cycleDays: 30,
  dailyYield: '0.030000',
  annualRate: '10.950000',
  minAmount: '500.00000000',
  maxAmount: '100000.00000000',
  totalQuota: '2000000.00000000',
  remainingQuota: '1500000.00000000',
  purchaseLimit: 3,
  purchased: 1,
  enabled: true,
};

const record = (over: Partial<PledgeRecord>): PledgeRecord => ({
  id: 1,
  productId: 3,
  name: 'USDT Saver 30',
  asset: 'USDT',
  amount: '1000.00000000',
  cycleDays: 30,
  dailyYield: '0.030000',
  annualRate: '10.950000',
  status: 'app.data.pledge_earning',
  pledgedAt: Date.UTC(2027, 0, 1),
  maturesAt: Date.UTC(2027, 0, 31),
  settledAt: null,
  daysPaid: 2,
  dailyIncome: '0.30000000',
  todayIncome: '0.30000000',
  cumulativeIncome: '0.60000000',
  projectedIncome: '9.00000000',
  ...over,
});

vi.mock('../../../../src/api/defi', () => ({
  defiApi: {
    products: vi.fn(),
    detail: vi.fn(),
    pledge: vi.fn(),
    pledges: vi.fn(),
    income: vi.fn(),
    earnings: vi.fn(),
  },
}));
vi.mock('../../../../src/hooks/useSpot', async () => ({
  useBalances: (await import('./liveBalances')).useLiveBalances,
}));

beforeAll(setupI18n);
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(defiApi.products).mockResolvedValue([product]);
  vi.mocked(defiApi.detail).mockResolvedValue(product);
  vi.mocked(defiApi.earnings).mockResolvedValue([
    {
      asset: 'USDT',
      pledged: '1000.00000000',
      today: '0.30000000',
      cumulative: '0.60000000',
      projected: '8.40000000',
    },
  ]);
  liveBalances.usdt = '2500.00000000';
  vi.mocked(defiApi.pledge).mockResolvedValue(record({}));
  vi.mocked(defiApi.pledges).mockImplementation(async (q = {}) => ({
    page: 1,
    size: 50,
    total: 1,
    list: [
      q.status === 'app.data.pledge_settled'
        ? record({ id: 2, status: 'app.data.pledge_settled', settledAt: Date.UTC(2027, 0, 31), daysPaid: 30 })
        : record({}),
    ],
  }));
  vi.mocked(defiApi.income).mockResolvedValue({
    page: 1,
    size: 30,
    total: 1,
    list: [
      {
        id: 9,
        pledgeId: 1,
        name: 'USDT Saver 30',
        asset: 'USDT',
        principal: '30.00000000',
        cycleDays: 30,
        day: 2,
        amount: '0.30000000',
        releasedAt: Date.UTC(2027, 0, 3),
      },
    ],
  });
});

describe('staking screens', () => {
  it('/defi lists each product’s terms and my earnings', async () => {
    renderScreen(<DefiScreen />);
    const card = await screen.findByRole('article', { name: 'USDT Saver 30' });
    for (const text of [
      '30 days',
      '0.03%',
      '10.95%',
      '500.00 – 100,000.00 USDT',
      '1,500,000.00 USDT',
      '2 of 3',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pledge USDT Saver 30' })).toHaveAttribute(
      'href',
      '/defi/detail?id=3',
    );
    const summary = screen.getByLabelText('USDT earnings');
    expect(within(summary).getByText("Today's earnings (UTC)").nextSibling).toHaveTextContent('0.30 USDT');
    // What is still to come, not the whole cycle a pledge's record projects.
    expect(within(summary).getByText('Earnings still to come').nextSibling).toHaveTextContent('8.40 USDT');
  });

  it('/defi and /defi/incomeRecord read again on a push that a pledge changed', async () => {
    // A day's income released (or a pledge settled) while the reader looks at the summary or the
    // releases: they showed the figures from before until the reader left and came back.
    renderScreen(<DefiScreen />);
    const summary = await screen.findByLabelText('USDT earnings');
    vi.mocked(defiApi.earnings).mockResolvedValue([
      {
        asset: 'USDT',
        pledged: '3000.00000000',
        today: '0.60000000',
        cumulative: '1.20000000',
        projected: '7.80000000',
      },
    ]);
    pledges$.next({ ch: 'pledges', seq: 1, ts: 0, data: {} });
    await waitFor(() =>
      expect(within(summary).getByText('Earnings still to come').nextSibling).toHaveTextContent('7.80 USDT'),
    );
    cleanup();
    renderScreen(<IncomeRecordScreen />);
    await screen.findByText('+0.30 USDT');
    const calls = vi.mocked(defiApi.income).mock.calls.length;
    pledges$.next({ ch: 'pledges', seq: 2, ts: 0, data: {} });
    await waitFor(() => expect(vi.mocked(defiApi.income).mock.calls.length).toBe(calls + 1));
  });

  it('/defi/detail reads its product again on a push, keeping what the reader typed', async () => {
    // Another pledge made (on another device) took purchases and quota: the form still offered them.
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    const amount = await screen.findByLabelText('Amount (USDT)');
    await userEvent.setup().type(amount, '150');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    vi.mocked(defiApi.detail).mockResolvedValue({ ...product, purchased: 2 });
    pledges$.next({ ch: 'pledges', seq: 3, ts: 0, data: {} });
    await screen.findByText('1 of 3');
    expect(amount).toHaveValue('150');
  });

  it.each([
    ['every purchase made', { purchased: 3 }, 'No purchases left for this product'],
    ['the quota gone', { remainingQuota: '499.99999999' }, 'Sold out'],
  ])('/defi/detail offers no pledge once %s', async (_case, over, reason) => {
    vi.mocked(defiApi.detail).mockResolvedValue({ ...product, ...over });
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'USDT Saver 30' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USDT)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pledge now' })).toBeNull();
  });

  it('projects the income with the server’s arithmetic', () => {
    // 1234.56789012 × 0.0003 = 0.370370367036 → 0.37037036 a day.
    expect(projection(product, '1234.56789012', 0)).toEqual({
      daily: '0.37037036',
      total: '11.11111080',
      settlesAt: 30 * 86_400_000,
    });
    expect(projection(product, '1.123456789', 0)).toBeNull();
    expect(projection(product, 'abc', 0)).toBeNull();
  });

  it('/defi/detail shows the projection, asks to confirm, then pledges', async () => {
    const user = userEvent.setup();
    const router = renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    const amount = await screen.findByLabelText('Amount (USDT)');
    expect(await screen.findByText('2,500.00 USDT')).toBeInTheDocument();
    await user.type(amount, '2000');
    expect(screen.getByText('0.60 USDT')).toBeInTheDocument();
    expect(screen.getByText('18.00 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pledge now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    expect(within(dialog).getByText('18.00 USDT')).toBeInTheDocument();
    afterDoubleTap();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/defi/pledgeRecord'));
    expect(defiApi.pledge).toHaveBeenCalledWith({
      productId: 3,
      amount: '2000',
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('/defi/detail dates the settlement on the server\u2019s clock, not the device\u2019s', async () => {
    clock.offset = 86_400_000;
    try {
      const user = userEvent.setup();
      renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
      await user.type(await screen.findByLabelText('Amount (USDT)'), '2000');
      const settles = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      });
      const shown = screen.getByText('Principal returned').nextElementSibling!.textContent!;
      // 30 days from the server's now, a day past the device's.
      const fromServer = Date.now() + 86_400_000 + 30 * 86_400_000;
      expect([settles.format(fromServer), settles.format(fromServer - 60_000)]).toContain(shown);
    } finally {
      clock.offset = 0;
    }
  });

  it('/defi/detail sends a pledge whose answer was lost again under its key, a refused one under a new key', async () => {
    const user = userEvent.setup();
    vi.mocked(defiApi.pledge)
      .mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null })
      .mockRejectedValueOnce({ code: 400, msg: 'app.msg.insufficient_balance', data: null });
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '2000');
    const pledge = async () => {
      afterDoubleTap();
      await user.click(screen.getByRole('button', { name: 'Pledge now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
      afterDoubleTap();
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await pledge();
    await pledge();
    await pledge();
    const keys = vi.mocked(defiApi.pledge).mock.calls.map(([body]) => body.requestKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('/defi/detail takes no digit past the eighth place, says why, and estimates what it holds', async () => {
    const user = userEvent.setup();
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    const amount = await screen.findByLabelText('Amount (USDT)');
    await user.type(amount, '1000.123456789');
    expect(amount).toHaveValue('1000.12345678');
    expect(amount).toHaveAccessibleDescription('Too many decimal places (at most 8)');
    // The estimates are of the amount shown, never a silent dash.
    expect(screen.getByText('Daily income').nextSibling).not.toHaveTextContent('–');
    await user.click(screen.getByRole('button', { name: 'Pledge now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    expect(dialog).toHaveTextContent('1,000.12345678');
  });

  it('/defi/pledgeRecord shows earning and settled pledges and reloads on a push', async () => {
    const user = userEvent.setup();
    renderScreen(<PledgeRecordScreen />);
    expect(await screen.findByText('2 of 30 days')).toBeInTheDocument();
    expect(screen.getByText('Projected earnings (whole cycle)').nextSibling).toHaveTextContent('9.00 USDT');
    expect(screen.getByText('Settles on')).toBeInTheDocument();
    const calls = vi.mocked(defiApi.pledges).mock.calls.length;
    pledges$.next({ ch: 'pledges', seq: 1, ts: 0, data: {} });
    await waitFor(() => expect(vi.mocked(defiApi.pledges).mock.calls.length).toBe(calls + 1));
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(await screen.findByText('30 of 30 days')).toBeInTheDocument();
    expect(screen.getByText('Settlement time')).toBeInTheDocument();
  });

  describe('/defi/pledgeRecord arriving from the coin history (?id=)', () => {
    beforeEach(() => {
      Element.prototype.scrollIntoView = vi.fn();
    });
    const SETTLED = 'app.data.pledge_settled';
    /** Pledges of each tab by id, served 50 a page newest first as the server does. */
    const serving = (earning: number[], settled: number[]) =>
      vi.mocked(defiApi.pledges).mockImplementation(async ({ status, page = 1, size = 50 } = {}) => {
        const ids = status === SETTLED ? settled : earning;
        return {
          page,
          size,
          total: ids.length,
          list: ids
            .slice((page - 1) * size, page * size)
            .map((id) => record({ id, ...(status && { status }) })),
        };
      });
    const countdown = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);
    const asked = () => vi.mocked(defiApi.pledges).mock.calls.map(([q]) => [q?.status, q?.page]);
    const marked = () => document.querySelectorAll('[aria-current="true"]');

    it('loads the earning pages down to it and marks it', async () => {
      serving(countdown(300, 80), countdown(100, 5));
      renderScreen(<PledgeRecordScreen />, { path: '/defi/pledgeRecord', at: '/defi/pledgeRecord?id=240' });
      await waitFor(() => expect(marked()).toHaveLength(1));
      expect(asked()).toEqual([
        ['app.data.pledge_earning', 1],
        ['app.data.pledge_earning', 2],
      ]);
      expect(marked()[0]).toHaveClass('defi-record', 'is-picked');
      expect(document.querySelectorAll('.defi-record')[60]).toBe(marked()[0]);
      expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
      // A push brings the pages shown again, without scrolling the reader back.
      pledges$.next({ ch: 'pledges', seq: 1, ts: 0, data: {} });
      await waitFor(() => expect(defiApi.pledges).toHaveBeenCalledTimes(4));
      expect(marked()).toHaveLength(1);
      expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    });

    it('finds one settled since among the settled, on their tab', async () => {
      serving(countdown(300, 3), countdown(200, 120));
      renderScreen(<PledgeRecordScreen />, { path: '/defi/pledgeRecord', at: '/defi/pledgeRecord?id=130' });
      await waitFor(() => expect(marked()).toHaveLength(1));
      expect(screen.getByRole('tab', { name: 'Settled' })).toHaveAttribute('aria-selected', 'true');
      expect(asked()).toEqual([
        ['app.data.pledge_earning', 1],
        [SETTLED, 1],
        [SETTLED, 2],
      ]);
      // Another tab chosen afterwards is listed from its first page as usual.
      const user = userEvent.setup();
      vi.mocked(defiApi.pledges).mockClear();
      await user.click(screen.getByRole('tab', { name: 'Earning' }));
      await waitFor(() => expect(document.querySelectorAll('.defi-record')).toHaveLength(3));
      expect(asked()).toEqual([['app.data.pledge_earning', 1]]);
    });

    it(`in neither tab, asks for ${START_PAGES_MAX} pages in all at most and shows the earning tab as usual`, async () => {
      serving(countdown(100_000, 250), countdown(90_000, 5000));
      renderScreen(<PledgeRecordScreen />, { path: '/defi/pledgeRecord', at: '/defi/pledgeRecord?id=3' });
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Earning' })).toHaveAttribute('aria-selected', 'true'),
      );
      await waitFor(() => expect(document.querySelectorAll('.defi-record')).toHaveLength(50));
      expect(defiApi.pledges).toHaveBeenCalledTimes(START_PAGES_MAX);
      // The earning pages to their empty end, the settled with the pages left, then the first again.
      expect(asked().filter(([status]) => status === SETTLED)).toHaveLength(START_PAGES_MAX - 7);
      expect(asked().at(-1)).toEqual(['app.data.pledge_earning', 1]);
      expect(marked()).toHaveLength(0);
      expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    });

    it.each(['?id=x', '?id=07', ''])('for %j lists the first earning page as usual', async (search) => {
      serving(countdown(300, 80), countdown(100, 5));
      renderScreen(<PledgeRecordScreen />, { path: '/defi/pledgeRecord', at: `/defi/pledgeRecord${search}` });
      await waitFor(() => expect(document.querySelectorAll('.defi-record')).toHaveLength(50));
      expect(asked()).toEqual([['app.data.pledge_earning', 1]]);
      expect(marked()).toHaveLength(0);
    });
  });

  it('says a one-day cycle in the singular, in the cards and the records', async () => {
    vi.mocked(defiApi.products).mockResolvedValue([{ ...product, cycleDays: 1 }]);
    vi.mocked(defiApi.pledges).mockResolvedValue({
      page: 1,
      size: 50,
      total: 1,
      list: [record({ cycleDays: 1, daysPaid: 0 })],
    });
    renderScreen(<DefiScreen />);
    const card = await screen.findByRole('article', { name: 'USDT Saver 30' });
    expect(within(card).getByText('1 day')).toBeInTheDocument();
    cleanup();
    renderScreen(<PledgeRecordScreen />);
    expect(await screen.findByText('0 of 1 day')).toBeInTheDocument();
  });

  it('/defi/incomeRecord lists each daily release', async () => {
    renderScreen(<IncomeRecordScreen />);
    expect(await screen.findByText('+0.30 USDT')).toBeInTheDocument();
    // The pledge it is of, by its amount: two pledges of one product read apart.
    expect(screen.getByText(/Pledge of 30\.00 USDT · Day 2 of 30 ·/)).toBeInTheDocument();
  });

  it('leads from a pledge that has earned to its own income, and back to all of it', async () => {
    // Two pledges of one product and amount read alike in the list of every release.
    const user = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/defi/pledgeRecord" element={<PledgeRecordScreen />} />
        <Route path="/defi/incomeRecord" element={<IncomeRecordScreen />} />
      </Routes>,
      { path: '*', at: '/defi/pledgeRecord' },
    );
    await user.click(await screen.findByRole('link', { name: 'Income records' }));
    expect(await screen.findByText('+0.30 USDT')).toBeInTheDocument();
    expect(vi.mocked(defiApi.income)).toHaveBeenLastCalledWith({ page: 1, size: 30, pledgeId: 1 });
    expect(screen.getByText("This pledge's income only")).toBeInTheDocument();
    afterDoubleTap();
    await user.click(screen.getByRole('link', { name: 'Show all' }));
    await waitFor(() =>
      expect(vi.mocked(defiApi.income)).toHaveBeenLastCalledWith({ page: 1, size: 30, pledgeId: undefined }),
    );
    expect(screen.queryByText("This pledge's income only")).toBeNull();
  });

  it('offers no income records of a pledge that has earned nothing yet', async () => {
    vi.mocked(defiApi.pledges).mockResolvedValue({
      page: 1,
      size: 50,
      total: 1,
      list: [record({ daysPaid: 0 })],
    });
    renderScreen(<PledgeRecordScreen />);
    expect(await screen.findByText('0 of 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Income records' })).toBeNull();
  });

  it('/defi/incomeRecord shows older releases a page at a time, past the hundred a page can hold', async () => {
    const user = userEvent.setup();
    const release = (id: number) => ({
      id,
      pledgeId: 1,
      name: 'USDT Saver 30',
      asset: 'USDT',
      principal: '30.00000000',
      cycleDays: 200,
      day: id,
      amount: '0.30000000',
      releasedAt: Date.UTC(2027, 0, 3),
    });
    const TOTAL = 125;
    vi.mocked(defiApi.income).mockImplementation(async ({ page = 1, size = 20 } = {}) => ({
      page,
      size,
      total: TOTAL,
      list: Array.from({ length: Math.max(0, Math.min(size, TOTAL - (page - 1) * size)) }, (_, i) =>
        release(TOTAL - (page - 1) * size - i),
      ),
    }));
    renderScreen(<IncomeRecordScreen />);
    expect(await screen.findAllByText('+0.30 USDT')).toHaveLength(30);
    for (const shown of [60, 90, 120, 125]) {
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(screen.getAllByText('+0.30 USDT')).toHaveLength(shown));
    }
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByText(/Day 1 of 200\b/)).toBeInTheDocument();
  });
});

describe('staking screens when a read fails', () => {
  const OFFLINE = { code: 0, msg: 'app.msg.network_error', data: null };
  /** The one failure shown, with its reason; Try again reads again. */
  const retryFailure = async () => {
    const failed = await screen.findByTestId('load-failed');
    expect(within(failed).getByText('Network error. Please check your connection')).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
  };

  it('/defi says the earnings and the products could not be read, and reads them again', async () => {
    vi.mocked(defiApi.earnings).mockRejectedValueOnce(OFFLINE);
    vi.mocked(defiApi.products).mockRejectedValueOnce(OFFLINE);
    renderScreen(<DefiScreen />);
    await waitFor(() => expect(screen.getAllByTestId('load-failed')).toHaveLength(2));
    // Two taps on two blocks, each taken away by its own tap: not a double tap.
    for (const failed of screen.getAllByTestId('load-failed')) {
      await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
      afterDoubleTap();
    }
    expect(await screen.findByLabelText('USDT earnings')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'USDT Saver 30' })).toBeInTheDocument();
  });

  it('/defi/pledgeRecord says so instead of a blank list', async () => {
    vi.mocked(defiApi.pledges).mockRejectedValueOnce(OFFLINE);
    renderScreen(<PledgeRecordScreen />);
    await retryFailure();
    expect(await screen.findByText('2 of 30 days')).toBeInTheDocument();
  });

  it('/defi/incomeRecord says so instead of a blank list', async () => {
    vi.mocked(defiApi.income).mockRejectedValueOnce(OFFLINE);
    renderScreen(<IncomeRecordScreen />);
    await retryFailure();
    expect(await screen.findByText('+0.30 USDT')).toBeInTheDocument();
  });

  it('/defi/detail tells a product that is not there from a read that failed', async () => {
    vi.mocked(defiApi.detail).mockRejectedValueOnce(OFFLINE);
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    expect(screen.queryByText('Record not found')).toBeNull();
    await retryFailure();
    expect(await screen.findByRole('article', { name: 'USDT Saver 30' })).toBeInTheDocument();
  });

  it('/defi/detail of a product that is not there says so, with nothing to retry', async () => {
    vi.mocked(defiApi.detail).mockRejectedValueOnce({
      code: 404,
      msg: 'app.msg.record_not_found',
      data: null,
    });
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=99' });
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
