import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../../../../protocol/assets';
import { walletApi } from '../../../../src/api/wallet';
import { switchI18n } from '../../../../src/i18n';
import AssetDetailScreen from '../../../../src/screens/wallet/AssetDetailScreen';
import { balanceVisibility } from '../../../../src/screens/wallet/hideBalances';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { financ: vi.fn() } }));
vi.mock('../../../../src/hooks/useSpot', () => ({
  useBalances: () => [{ asset: 'USDT', available: '9237.50000000', frozen: '0.00000000' }],
}));
vi.mock('../../../../src/hooks/useMarket', () => ({ useTickers: () => undefined }));

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

beforeAll(setupI18n);
beforeEach(async () => {
  balanceVisibility.hidden = false;
  // A withdrawal of 50 paid out from frozen funds, its freeze, and a deposit.
  vi.mocked(walletApi.financ).mockResolvedValue({
    page: 1,
    size: 20,
    total: 4,
    list: [
      entry({ id: 4, type: 'app.data.withdraw_fee', ref: 'withdraw:7', frozenChange: '-1.00000000' }),
      entry({ id: 3, type: 'app.data.withdraw', ref: 'withdraw:7', frozenChange: '-49.00000000' }),
      entry({
        id: 2,
        type: 'app.data.withdraw_freeze',
        ref: 'withdraw:7',
        availableChange: '-50.00000000',
        frozenChange: '50.00000000',
        frozenAfter: '50.00000000',
      }),
      entry({ id: 1, availableChange: '1000.00000000' }),
    ],
  });
  await switchI18n('de');
});
afterEach(() => switchI18n('us'));

const amountOf = (title: string) =>
  screen.getByText(title, { selector: '.record__title' }).nextElementSibling;

describe('/assets/detail', () => {
  it('colours each figure by its own sign, outflows from frozen funds included', async () => {
    renderScreen(<AssetDetailScreen />, { path: '/assets/detail', at: '/assets/detail?coin=USDT' });
    expect(await screen.findByText('Auszahlungsgebühr')).toBeInTheDocument();
    expect(amountOf('Auszahlungsgebühr')).toHaveTextContent('-1,00000000');
    expect(amountOf('Auszahlungsgebühr')).toHaveClass('is-down');
    expect(amountOf('Auszahlung')).toHaveTextContent('-49,00000000');
    expect(amountOf('Auszahlung')).toHaveClass('is-down');
    expect(amountOf('Einzahlung')).toHaveTextContent('+1.000,00000000');
    expect(amountOf('Einzahlung')).toHaveClass('is-up');
  });
});
