import { useTranslation } from 'react-i18next';
import type { SpotOrderView } from '../../../protocol/spot';
import { formatDecimal, formatMoney } from '../../components/format';
import { RecordTime } from '../../components/RecordTime';
import { usePair } from '../../hooks/usePair';
import { returnedText } from './returned';

/** One order in a list of records: side, pair, status and its figures; a tap opens its detail. */
export const OrderCard = ({ order, onOpen }: { order: SpotOrderView; onOpen: () => void }) => {
  const { t, i18n } = useTranslation();
  const pair = usePair(order.pair);
  const name = pair?.name ?? order.pair.toUpperCase();
  const returned = returnedText(order, pair, i18n.language);
  const num = (v: string | null) => (v === null ? '—' : formatDecimal(v, i18n.language));
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, i18n.language));
  return (
    <li>
      <button type="button" className="order-card" onClick={onOpen} data-testid="order-card">
        <span className="order-card__head">
          <span className={order.side === 'buy' ? 'text-up' : 'text-down'}>
            {t(`orders.sides.${order.side}`)} {name}
          </span>
          <span className="order-card__status">{t(order.status)}</span>
        </span>
        <span className="order-card__grid">
          <span className="muted">{t('orders.type')}</span>
          <span>{t(`orders.types.${order.type}`)}</span>
          <span className="muted">{t('orders.price')}</span>
          <span>{order.price ? num(order.price) : t('orders.marketPrice')}</span>
          {/* A market buy is given as an amount and has no quantity ordered: what it bought is
              what it filled. */}
          <span className="muted">{t(order.qty === null ? 'orders.filled' : 'orders.qty')}</span>
          <span>{num(order.qty ?? order.filledQty)}</span>
          <span className="muted">{t('orders.amount')}</span>
          <span>{money(order.amount)}</span>
          <span className="muted">{t('orders.dealPrice')}</span>
          <span>{num(order.avgPrice)}</span>
          <span className="muted">{t('orders.dealAmount')}</span>
          <span>{money(order.filledAmount)}</span>
          {returned && (
            <>
              <span className="muted">{t('orders.returned')}</span>
              <span>{returned}</span>
            </>
          )}
        </span>
        <RecordTime className="order-card__time muted" ts={order.createdAt} />
      </button>
    </li>
  );
};
