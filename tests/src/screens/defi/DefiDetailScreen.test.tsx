import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DefiProduct } from '../../../../protocol';
import { defiApi } from '../../../../src/api/defi';
import { switchI18n } from '../../../../src/i18n';
import DefiDetailScreen from '../../../../src/screens/defi/DefiDetailScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { afterDoubleTap } from '../../../setup/dom';
import { liveBalances } from './liveBalances';

vi.mock('../../../../src/api/defi', () => ({
  defiApi: { detail: vi.fn(), pledge: vi.fn() },
}));
// No pledge is pushed while these tests run, and the server's clock is the device's.
vi.mock('../../../../src/app/streams', async () => {
  const { NEVER, of } = await import('rxjs');
  return { transport: { channel$: () => NEVER }, serverClock: { offset$: of(0) } };
});
vi.mock('../../../../src/hooks/useSpot', async () => ({
  useBalances: (await import('./liveBalances')).useLiveBalances,
}));

const product: DefiProduct = {
  id: 3,
  name: 'USDT Saver 30',
  asset: 'USDT',
  cycleDays: 30,
  dailyYield: '0.030000',
  annualRate: '10.950000',
  minAmount: '0.10000000',
  maxAmount: '100000.00000000',
  totalQuota: '2000000.00000000',
  remainingQuota: '1500000.00000000',
  purchaseLimit: 3,
  purchased: 1,
  enabled: true,
};

beforeAll(setupI18n);
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(defiApi.detail).mockResolvedValue(product);
  liveBalances.usdt = '2500.00000000';
  vi.mocked(defiApi.pledge).mockResolvedValue({} as never);
  await switchI18n('de');
});
afterEach(() => switchI18n('us'));

describe('/defi/detail', () => {
  it('pledges an amount typed with a decimal comma', async () => {
    const user = userEvent.setup();
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    const amount = await screen.findByLabelText('Betrag (USDT)');
    await user.type(amount, '0,5');
    expect(amount).toHaveValue('0,5');
    await user.click(screen.getByRole('button', { name: 'Jetzt staken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Staking bestätigen' });
    afterDoubleTap();
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() =>
      expect(defiApi.pledge).toHaveBeenCalledWith({
        productId: 3,
        amount: '0.5',
        requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    );
  });

  /** Types `amount`, asks to pledge it and confirms, in English. */
  const pledgeRefused = async (amount: string) => {
    await switchI18n('us');
    const user = userEvent.setup();
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=3' });
    await user.type(await screen.findByLabelText('Amount (USDT)'), amount);
    await user.click(screen.getByRole('button', { name: 'Pledge now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    afterDoubleTap();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  };

  it('reads the product again when the server says its quota went since the page read it', async () => {
    vi.mocked(defiApi.detail)
      .mockReset()
      .mockResolvedValueOnce(product)
      .mockResolvedValueOnce({ ...product, remainingQuota: '50.00000000' });
    vi.mocked(defiApi.pledge).mockRejectedValue({
      code: 400,
      msg: 'app.msg.investment_exceeds_limit',
      data: { remaining: '50.00000000' },
    });
    await pledgeRefused('150');
    // What is left now, on the card and beside the refusal, instead of the 1,500,000 first read.
    const quota = await screen.findByText('50.00 USDT');
    expect(quota.previousElementSibling).toHaveTextContent('Remaining quota');
    expect(
      screen.getByText(/The investment exceeds the limit \(only 50\.00 USDT left\)/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('150');
  });

  it('offers no pledge of a product an operator closed while its page was open', async () => {
    vi.mocked(defiApi.detail)
      .mockReset()
      .mockResolvedValueOnce(product)
      .mockRejectedValueOnce({ code: 404, msg: 'app.msg.record_not_found', data: null });
    vi.mocked(defiApi.pledge).mockRejectedValue({ code: 403, msg: 'app.msg.not_eligible', data: null });
    await pledgeRefused('150');
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pledge now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All staking products' })).toHaveAttribute('href', '/defi');
  });

  it('leads on to all staking products from one that is not there', async () => {
    // An old link, opened afresh: "Record not found" alone left only the back arrow, which leads home.
    vi.mocked(defiApi.detail).mockRejectedValueOnce({
      code: 404,
      msg: 'app.msg.record_not_found',
      data: null,
    });
    renderScreen(<DefiDetailScreen />, { path: '/defi/detail', at: '/defi/detail?id=999' });
    expect(await screen.findByText('Eintrag nicht gefunden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Staking-Produkte' })).toHaveAttribute('href', '/defi');
  });
});
