import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderBook } from '../../../src/components/OrderBook';
import { i18n, switchI18n } from '../../../src/i18n';
import { setupI18n } from '../../setup/i18n';

beforeAll(setupI18n);

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <OrderBook
        book={{
          bids: [['96990.00', '0.5']],
          asks: [
            ['97010.00', '0.25'],
            ['97020.00', '1'],
          ],
        }}
      />
    </I18nextProvider>,
  );

describe('the order book of /marketDetail', () => {
  // Its sides stood apart by colour and place alone: a screen reader heard two lists of figures,
  // with nothing to say which were the offers to buy and which to sell.
  it('names each side’s list, so a screen reader tells bids from asks', () => {
    show();
    expect(within(screen.getByRole('list', { name: 'Bid' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Bid' })).getByRole('listitem')).toHaveTextContent(
      '96,990.00',
    );
    expect(within(screen.getByRole('list', { name: 'Ask' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('names them in the reader’s language', async () => {
    await switchI18n('de');
    try {
      show();
      expect(screen.getByRole('list', { name: i18n.t('marketDetail.bid') })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: i18n.t('marketDetail.ask') })).toBeInTheDocument();
      expect(i18n.t('marketDetail.bid')).not.toBe('Bid');
    } finally {
      await switchI18n('us');
    }
  });
});
