import { useTranslation } from 'react-i18next';
import type { DepthSnapshot } from '../../protocol';
import { barWidth, withTotals } from './depthBars';
import { formatDecimal } from './format';
import { Spinner } from './Spinner';

const ROWS = 12;

/** Bids and asks side by side, best prices meeting in the middle. `undefined` while the book is
 * being fetched; a book with no orders on either side says so. */
export const OrderBook = ({ book }: { book: Pick<DepthSnapshot, 'bids' | 'asks'> | undefined }) => {
  const { t, i18n } = useTranslation();
  if (!book) return <Spinner />;
  const { bids, asks } = book;
  if (bids.length === 0 && asks.length === 0) {
    return (
      <p className="book-panel__empty" data-testid="order-book">
        {t('marketDetail.noOrders')}
      </p>
    );
  }
  const b = withTotals(bids, ROWS);
  const a = withTotals(asks, ROWS);
  const width = barWidth(b, a);
  return (
    <div className="book" data-testid="order-book">
      <div className="book__head">
        <span>
          <span>{t('marketDetail.amount')}</span>
          <span>{t('marketDetail.bid')}</span>
        </span>
        <span>
          <span>{t('marketDetail.ask')}</span>
          <span>{t('marketDetail.amount')}</span>
        </span>
      </div>
      <div className="book__sides">
        {/* Named: the sides stand apart by colour and place, which a screen reader does not say. */}
        <ol className="book__side book__side--bids" aria-label={t('marketDetail.bid')}>
          {b.map((l) => (
            <li key={l.price}>
              <span className="book__bar" style={{ width: width(l.total) }} />
              <span className="book__qty">{formatDecimal(l.qty, i18n.language)}</span>
              <span className="book__price">{formatDecimal(l.price, i18n.language)}</span>
            </li>
          ))}
        </ol>
        <ol className="book__side book__side--asks" aria-label={t('marketDetail.ask')}>
          {a.map((l) => (
            <li key={l.price}>
              <span className="book__bar" style={{ width: width(l.total) }} />
              <span className="book__price">{formatDecimal(l.price, i18n.language)}</span>
              <span className="book__qty">{formatDecimal(l.qty, i18n.language)}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
};
