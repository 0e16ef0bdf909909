import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Withdrawal, WithdrawState } from '../../../../protocol/wallet';
import { walletApi } from '../../../../src/api/wallet';
import WithdrawRecordScreen from '../../../../src/screens/wallet/WithdrawRecordScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { ADDRESS, login } from './fixtures';

vi.mock('../../../../src/api/wallet', () => ({ walletApi: { withdrawals: vi.fn() } }));

const withdrawal = (id: number, status: WithdrawState): Withdrawal => ({
  id,
  coin: 'USDT',
  network: 'TRC20',
  address: ADDRESS,
  memo: '',
  amount: '30.50000000',
  fee: '1.00000000',
  received: '29.50000000',
  status,
  status_name: `app.data.withdraw_${status}`,
  note: null,
  txHash: null,
  createdAt: 0,
  updatedAt: 0,
});

beforeAll(setupI18n);
beforeEach(() => {
  login();
  vi.mocked(walletApi.withdrawals).mockResolvedValue([
    withdrawal(4, 'success'),
    withdrawal(3, 'pending'),
    withdrawal(2, 'rejected'),
    withdrawal(1, 'failed'),
  ]);
});

describe('/withdraw/record', () => {
  it('says there are none yet in the centred empty block, as the other lists do', async () => {
    vi.mocked(walletApi.withdrawals).mockResolvedValue([]);
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record' });
    expect((await screen.findByText('No withdrawals yet')).parentElement).toHaveClass('empty-state');
  });

  it('shows a fee and an amount received only for withdrawals paid out or being paid out', async () => {
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record' });
    const records = await screen.findAllByTestId('withdraw-record');
    const row = (label: string) => records.map((r) => within(r).getByText(label).nextSibling?.textContent);
    // Each figure without the ledger's padding zeros.
    expect(row('Amount')).toEqual(['30.50', '30.50', '30.50', '30.50']);
    expect(row('Amount received')).toEqual(['29.50', '29.50', '—', '—']);
    expect(row('Service fee')).toEqual(['1.00', '1.00', '—', '—']);
    expect(within(records[2]!).getByText('Rejected')).toBeInTheDocument();
    expect(within(records[3]!).getByText('Failed')).toBeInTheDocument();
  });

  it('labels the address, the payout’s transaction hash and the operator’s reason, and says a refused amount came back', async () => {
    vi.mocked(walletApi.withdrawals).mockResolvedValue([
      { ...withdrawal(8, 'success'), txHash: 'ab'.repeat(32) },
      { ...withdrawal(7, 'rejected'), note: 'Address under review' },
    ]);
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record' });
    const [paid, refused] = await screen.findAllByTestId('withdraw-record');
    const labelled = (record: HTMLElement, label: string) =>
      within(record).getByText(label).nextSibling?.textContent;
    expect(labelled(paid!, 'Withdrawal address')).toBe(ADDRESS);
    expect(labelled(paid!, 'Transaction hash')).toBe('ab'.repeat(32));
    expect(within(paid!).queryByText('Reason')).toBeNull();
    expect(within(paid!).queryByText('Returned to your balance')).toBeNull();
    expect(labelled(refused!, 'Reason')).toBe('Address under review');
    expect(labelled(refused!, 'Returned to your balance')).toBe('30.50');
    expect(within(refused!).queryByText('Transaction hash')).toBeNull();
  });

  it('gives a reason the operator gave by its code in the reader’s words', async () => {
    vi.mocked(walletApi.withdrawals).mockResolvedValue([
      { ...withdrawal(9, 'failed'), note: 'app.data.reason_withdraw_network_failure' },
    ]);
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record' });
    const [failed] = await screen.findAllByTestId('withdraw-record');
    expect(within(failed!).getByText('Reason').nextSibling?.textContent).toBe(
      'The network could not carry the transfer. The amount is back in your balance; please try again later.',
    );
  });

  it('shows the memo a withdrawal went with, and none where there was none', async () => {
    vi.mocked(walletApi.withdrawals).mockResolvedValue([
      {
        ...withdrawal(6, 'pending'),
        coin: 'XRP',
        network: 'XRP',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        memo: '778899',
      },
      withdrawal(5, 'pending'),
    ]);
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record' });
    const [xrp, usdt] = await screen.findAllByTestId('withdraw-record');
    expect(within(xrp!).getByText('Memo (destination tag): 778899')).toBeInTheDocument();
    expect(within(usdt!).queryByText(/Memo/)).toBeNull();
  });

  it('arriving from the coin history (?id=), loads the pages down to that withdrawal and marks it', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    vi.mocked(walletApi.withdrawals).mockImplementation(async (page = 1) =>
      Array.from({ length: page === 1 ? 50 : 10 }, (_, i) => withdrawal(60 - (page - 1) * 50 - i, 'success')),
    );
    renderScreen(<WithdrawRecordScreen />, { path: '/withdraw/record', at: '/withdraw/record?id=7' });
    await waitFor(() => expect(screen.getAllByTestId('withdraw-record')).toHaveLength(60));
    const marked = screen
      .getAllByTestId('withdraw-record')
      .filter((r) => r.getAttribute('aria-current') === 'true');
    expect(marked).toEqual([screen.getAllByTestId('withdraw-record')[53]]);
    expect(marked[0]).toHaveClass('is-picked');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
