import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { coinPairPath } from '../../../protocol/routes';
import type { SpotOrderView } from '../../../protocol/spot';
import type { PairOpenOrders } from '../../../streams/spot';
import { formatDecimal } from '../../components/format';
import { RecordTime } from '../../components/RecordTime';
import { usePairName } from '../../hooks/usePair';
import { cancelOrder } from './cancelOrder';
import { whileBusy } from '../../components/form/whileBusy';

/** One open order: side, pair, type, price, filled of quantity, and its cancel button. */
const OpenOrderRow = ({ order, onCancelled }: { order: SpotOrderView; onCancelled?: () => void }) => {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = usePairName(order.pair);
  const num = (v: string) => formatDecimal(v, i18n.language);
  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await cancelOrder(order.id);
      onCancelled?.();
    } catch {
      // The REST client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="open-order" data-testid="open-order">
      <div className="open-order__head">
        <span className={order.side === 'buy' ? 'text-up' : 'text-down'}>
          {t(`orders.sides.${order.side}`)} {name} · {t(`orders.types.${order.type}`)}
        </span>
        {/* Dated: an order rests for days, and a time alone read as today's. */}
        <RecordTime className="muted" ts={order.createdAt} />
      </div>
      <dl className="open-order__figures">
        <div>
          <dt>{t('orders.price')}</dt>
          <dd>{order.price ? num(order.price) : t('orders.marketPrice')}</dd>
        </div>
        <div>
          <dt>{t('orders.filled')}</dt>
          <dd>
            {num(order.filledQty)} / {order.qty ? num(order.qty) : '—'}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        {...whileBusy(busy)}
        onClick={() => void cancel()}
      >
        {t('orders.cancel')}
      </button>
    </li>
  );
};

/** The pair's open orders the trade screen holds (the newest), and where more are open than it
 * holds, how many and a link to them all on /orderList, where each can be cancelled too. */
export const OpenOrders = ({ pair, orders }: { pair: string; orders: PairOpenOrders | undefined }) => {
  const { t, i18n } = useTranslation();
  if (orders?.total === 0) return <p className="muted empty-line">{t('trade.noOpenOrders')}</p>;
  const count = (n: number) => formatDecimal(String(n), i18n.language);
  return (
    <>
      {/* Above the rows: a reader sees at once that not all are here, without scrolling 50 by. */}
      {orders && orders.total > orders.list.length && (
        <Link className="open-orders__more" to={coinPairPath('/orderList', pair)}>
          {t('trade.moreOpenOrders', { shown: count(orders.list.length), total: count(orders.total) })}
        </Link>
      )}
      <ul className="open-orders" data-testid="open-orders">
        {(orders?.list ?? []).map((o) => (
          <OpenOrderRow key={o.id} order={o} />
        ))}
      </ul>
    </>
  );
};
