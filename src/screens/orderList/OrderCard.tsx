import { useTranslation } from 'react-i18next';
import type { SpotOrderView } from '../../../protocol/spot';
import { formatDecimal, formatMoney } from '../../components/format';
import { RecordTime } from '../../components/RecordTime';
import { usePair } from '../../hooks/usePair';
import { returnedText } from './returned';

/** A label and its figure on one line, or the figure under the label where both do not fit. */
const Row = ({ label, figure }: { label: string; figure: string }) => (
  <span className="order-card__row">
    <span className="muted">{label}</span>
    <span className="order-card__figure">{figure}</span>
  </span>
);

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
        <span className="order-card__rows">
          <Row label={t('orders.type')} figure={t(`orders.types.${order.type}`)} />
          <Row label={t('orders.price')} figure={order.price ? num(order.price) : t('orders.marketPrice')} />
          {/* A market buy is given as an amount and has no quantity ordered: what it bought is
              what it filled. */}
          <Row
            label={t(order.qty === null ? 'orders.filled' : 'orders.qty')}
            figure={num(order.qty ?? order.filledQty)}
          />
          {/* A market sell is given as a quantity and has no amount ordered: what it brought is
              its deal amount. */}
          {order.amount !== null && <Row label={t('orders.amount')} figure={money(order.amount)} />}
          <Row label={t('orders.dealPrice')} figure={num(order.avgPrice)} />
          <Row label={t('orders.dealAmount')} figure={money(order.filledAmount)} />
          {returned && <Row label={t('orders.returned')} figure={returned} />}
        </span>
        <RecordTime className="order-card__time muted" ts={order.createdAt} />
      </button>
    </li>
  );
};
