import { useTranslation } from 'react-i18next';
import type { Trade } from '../../protocol';
import { formatDecimal, formatTime } from './format';

/** Recent prints, newest first: time, price coloured by the taker's side, size. */
export const TradeList = ({ trades, limit = 20 }: { trades: readonly Trade[]; limit?: number }) => {
  const { t, i18n } = useTranslation();
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
