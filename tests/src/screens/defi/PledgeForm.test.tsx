import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DefiProduct } from '../../../../protocol';
import { defiApi } from '../../../../src/api/defi';
import { refreshUserInfo } from '../../../../src/api/refreshUser';
import { PledgeForm } from '../../../../src/screens/defi/PledgeForm';
import { setUser, type Certification } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { switchI18n } from '../../../../src/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen } from '../renderScreen';
import { afterDoubleTap, tap } from '../../../setup/dom';
import { liveBalances } from './liveBalances';

vi.mock('../../../../src/api/defi', () => ({
  defiApi: { pledge: vi.fn() },
}));
vi.mock('../../../../src/hooks/useSpot', async () => ({
  useBalances: (await import('./liveBalances')).useLiveBalances,
}));
vi.mock('../../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));

const product: DefiProduct = {
  id: 1,
  name: 'USDT Saver 7',
  asset: 'USDT',
  cycleDays: 7,
  dailyYield: '0.020000',
  annualRate: '7.300000',
  minAmount: '100.00000000',
  maxAmount: '50000.00000000',
  totalQuota: '1000000.00000000',
  remainingQuota: '1000000.00000000',
  purchaseLimit: 5,
  purchased: 0,
  enabled: true,
};

beforeAll(setupI18n);
beforeEach(() => {
  vi.clearAllMocks();
  uiState.toasts.length = 0;
  uiState.alerts.length = 0;
  setUser({ token: 'tok', userinfo: { certification: 2 } });
  liveBalances.usdt = '60000.00000000';
});

const open = () =>
  renderScreen(<PledgeForm product={product} />, { path: '/defi/detail', at: '/defi/detail?id=1' });

const pledge = async (amount: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Amount (USDT)'), amount);
  await user.click(screen.getByRole('button', { name: 'Pledge now' }));
  // The reader reads the confirmation before answering it.
  afterDoubleTap();
  return user;
};

describe('the pledge form', () => {
  it.each(['1', '50000.00000001', '99999999999999999'])(
    'projects no earnings for %s, an amount outside the limits that it will refuse',
    async (amount) => {
      const user = userEvent.setup();
      open();
      await user.type(await screen.findByLabelText('Amount (USDT)'), amount);
      expect(screen.getByText('Daily income').nextSibling).toHaveTextContent('–');
      await user.clear(screen.getByLabelText('Amount (USDT)'));
      await user.type(screen.getByLabelText('Amount (USDT)'), '1000');
      expect(screen.getByText('Daily income').nextSibling).not.toHaveTextContent('–');
    },
  );

  it.each(['1', '99.99999999', '50000.00000001'])(
    'refuses %s outside the limits, saying them in decimals, before anything is sent',
    async (amount) => {
      open();
      await pledge(amount);
      expect(
        await screen.findByText('The amount is outside the limit (100.00 – 50,000.00 USDT)'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(defiApi.pledge).not.toHaveBeenCalled();
    },
  );

  it('says the limits as the reader’s language writes a range (Korean: with a tilde, as its hint does)', async () => {
    await switchI18n('kr');
    try {
      open();
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('금액 (USDT)'), '1');
      await user.click(screen.getByRole('button', { name: '지금 스테이킹' }));
      expect(
        await screen.findByText('금액이 허용 범위를 벗어났습니다 (100.00 ~ 50,000.00 USDT)'),
      ).toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('refuses more than the quota has left beside the amount, saying what is left, before anything is sent', async () => {
    const user = userEvent.setup();
    renderScreen(<PledgeForm product={{ ...product, remainingQuota: '1500.00000000' }} />, {
      path: '/defi/detail',
      at: '/defi/detail?id=1',
    });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '1600');
    await user.click(screen.getByRole('button', { name: 'Pledge now' }));
    expect(
      await screen.findByText('The investment exceeds the limit (only 1,500.00 USDT left)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(defiApi.pledge).not.toHaveBeenCalled();
  });

  it('refuses more than the available balance beside the amount, opening no confirmation', async () => {
    liveBalances.usdt = '9894.00000000';
    open();
    await screen.findByText('9,894.00 USDT');
    await pledge('20000');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(defiApi.pledge).not.toHaveBeenCalled();
  });

  it.each([
    ['the balance', '9894.00000000', {}, '9894.00000000'],
    ['the per-pledge maximum, under a larger balance', '60000.00000000', {}, '50000.00000000'],
    [
      'what is left of the quota, under the maximum',
      '60000.00000000',
      { remainingQuota: '1234.50000000' },
      '1234.50000000',
    ],
  ] as const)('fills in %s for Max, an amount the form takes', async (_, available, terms, most) => {
    liveBalances.usdt = available;
    const user = userEvent.setup();
    renderScreen(<PledgeForm product={{ ...product, ...terms }} />, {
      path: '/defi/detail',
      at: '/defi/detail?id=1',
    });
    await user.click(await screen.findByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue(most);
    afterDoubleTap();
    await user.click(screen.getByRole('button', { name: 'Pledge now' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm pledge' })).toBeInTheDocument();
  });

  it('says the balance is short for Max with nothing available, not that the amount is invalid', async () => {
    // A friend just registered through an invitation, with nothing in the wallet yet: Max filled
    // in 0 and the form called it "Please enter a valid amount".
    liveBalances.usdt = '0.00000000';
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Max' }));
    const amount = await expectMarked('Amount (USDT)', 'Insufficient balance');
    expect(amount).toHaveValue('');
    expect(screen.queryByText('Please enter a valid amount')).toBeNull();
  });

  it('opens the confirmation on a double tap of the pledge button, and does not answer it', async () => {
    open();
    await userEvent.setup().type(await screen.findByLabelText('Amount (USDT)'), '100');
    tap(screen.getByRole('button', { name: 'Pledge now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    tap(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog', { name: 'Confirm pledge' })).toBeInTheDocument();
    expect(defiApi.pledge).not.toHaveBeenCalled();
  });

  /** Confirms a pledge the server refuses with `msg`, for a reader whose status the server now
   * gives as `certification` (the stored one, approved, let them try). */
  const refused = async (certification: Certification, msg: string) => {
    vi.mocked(defiApi.pledge).mockRejectedValue({ code: 403, msg, data: null });
    vi.mocked(refreshUserInfo).mockImplementationOnce(async () =>
      setUser({ token: 'tok', userinfo: { certification } }),
    );
    const router = open();
    const user = await pledge('100');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(defiApi.pledge).toHaveBeenCalled());
    return router;
  };

  it.each([
    [null, 'Please complete identity verification first'],
    [1, 'Your identity verification failed. Please verify again'],
  ] as const)(
    'sends a reader the server refuses for verification (status %s) to verify, with the gate’s prompt',
    async (certification, prompt) => {
      const router = await refused(certification, 'app.msg.verification_required');
      await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
      expect(uiState.toasts.map((t) => t.text)).toEqual([prompt]);
    },
  );

  it('says a balance the server finds short under the amount once the confirmation closes', async () => {
    uiState.toasts.length = 0;
    vi.mocked(defiApi.pledge).mockRejectedValue({
      code: 400,
      msg: 'app.msg.insufficient_balance',
      data: null,
    });
    open();
    const user = await pledge('100');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pledge' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expectMarked('Amount (USDT)', 'Insufficient balance');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(uiState.toasts).toEqual([]);
  });

  it('alerts a reader under review and keeps them on the product', async () => {
    const router = await refused(0, 'app.msg.verification_pending');
    await waitFor(() =>
      expect(uiState.alerts.map((a) => a.text)).toEqual([
        'Your identity verification is under review. Please wait for the result',
      ]),
    );
    expect(router.state.location.pathname).toBe('/defi/detail');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
