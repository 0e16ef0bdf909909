import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_FILTERS,
  ORDER_STATUS,
  type OrderFilter,
  type OrderTab,
  type SpotOrderView,
} from '../../../protocol/spot';
import { spotApi } from '../../api/spot';
import { transport } from '../../app/streams';
import { formatDateTime, formatDecimal } from '../../components/format';
import { NavBar } from '../../components/NavBar';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { usePairs } from '../../hooks/useMarket';
import { OrderDetailSheet } from './OrderDetailSheet';

const PAGE_SIZE = 20;

const OrderCard = ({ order, onOpen }: { order: SpotOrderView; onOpen: () => void }) => {
  const { t, i18n } = useTranslation();
  const name = usePairs()?.find((p) => p.symbol === order.pair)?.name ?? order.pair.toUpperCase();
  const num = (v: string | null) => (v === null ? '—' : formatDecimal(v, i18n.language));
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
          <span className="muted">{t('orders.qty')}</span>
          <span>{num(order.qty)}</span>
          <span className="muted">{t('orders.amount')}</span>
          <span>{num(order.amount)}</span>
          <span className="muted">{t('orders.dealPrice')}</span>
          <span>{num(order.avgPrice)}</span>
          <span className="muted">{t('orders.dealAmount')}</span>
          <span>{num(order.filledAmount)}</span>
        </span>
        <span className="order-card__time muted">{formatDateTime(order.createdAt, i18n.language)}</span>
      </button>
    </li>
  );
};

/** /orderList: the reader's spot orders (open, all, history) with the status filter, and an
 * order's detail on tap. Pushes on the private `orders` channel refresh what is shown. */
const OrderListScreen = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderTab>('open');
  const [status, setStatus] = useState<OrderFilter>('all');
  const [pages, setPages] = useState(1);
  const [list, setList] = useState<SpotOrderView[] | undefined>();
  const [total, setTotal] = useState(0);
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<number | undefined>();

  useEffect(() => {
    const sub = transport.channel$('orders').subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    let live = true;
    spotApi.list({ tab, status, page: 1, size: PAGE_SIZE * pages }).then(
      (p) => {
        if (!live) return;
        setList(p.list);
        setTotal(p.total);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tab, status, pages, version]);

  const choose = (next: { tab?: OrderTab; status?: OrderFilter }) => {
    // The tab or filter already shown: nothing to load, so nothing to clear.
    if ((next.tab ?? tab) === tab && (next.status ?? status) === status) return;
    setList(undefined);
    setPages(1);
    if (next.tab) setTab(next.tab);
    if (next.status) setStatus(next.status);
  };

  return (
    <div className="order-list">
      <NavBar title={t('route.orderList')} />
      <Tabs
        label={t('route.orderList')}
        value={tab}
        onChange={(k) => choose({ tab: k })}
        items={(['open', 'all', 'history'] as const).map((k) => ({ key: k, label: t(`orders.tabs.${k}`) }))}
      >
        <Segmented
          label={t('orders.filter')}
          value={status}
          onChange={(v) => choose({ status: v })}
          options={ORDER_FILTERS.map((f) => ({
            value: f,
            label: f === 'all' ? t('orders.all') : t(ORDER_STATUS[f]),
          }))}
        />
        {list === undefined ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="muted empty-line">{t('orders.empty')}</p>
        ) : (
          <ul className="order-cards">
            {list.map((o) => (
              <OrderCard key={o.id} order={o} onOpen={() => setOpen(o.id)} />
            ))}
          </ul>
        )}
        {list !== undefined && list.length < total && (
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setPages((p) => p + 1)}>
            {t('orders.loadMore')}
          </button>
        )}
      </Tabs>
      {open !== undefined && (
        <OrderDetailSheet
          id={open}
          version={version}
          onClose={() => setOpen(undefined)}
          onChanged={() => setVersion((v) => v + 1)}
        />
      )}
    </div>
  );
};

export default OrderListScreen;
