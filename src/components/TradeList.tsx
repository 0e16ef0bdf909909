import { useTranslation } from 'react-i18next';
import type { Trade } from '../../protocol';
import { formatDecimal, formatTime } from './format';
import { Spinner } from './Spinner';

/** Recent prints, newest first: time, price coloured by the taker's side, size. `undefined` while
 * they are being fetched; a market that has not traded yet says so. */
export const TradeList = ({
  trades,
  limit = 20,
}: {
  trades: readonly Trade[] | undefined;
  limit?: number;
}) => {
  const { t, i18n } = useTranslation();
  if (!trades) return <Spinner />;
  if (trades.length === 0) {
    return (
      <p className="book-panel__empty" data-testid="trade-list">
        {t('marketDetail.noTrades')}
      </p>
    );
  }
  return (
    <table className="trades" data-testid="trade-list">
      <thead>
        <tr>
          <th scope="col">{t('marketDetail.time')}</th>
          <th scope="col">{t('marketDetail.price')}</th>
          <th scope="col">{t('marketDetail.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {trades.slice(0, limit).map((tr) => (
          <tr key={tr.id}>
            <td className="muted">{formatTime(tr.ts, i18n.language)}</td>
            <td className={tr.side === 'buy' ? 'text-up' : 'text-down'}>
              {formatDecimal(tr.price, i18n.language)}
            </td>
            <td>{formatDecimal(tr.qty, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
