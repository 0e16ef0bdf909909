import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_FILTERS,
  ORDER_STATUS,
  TAB_STATUSES,
  type OrderFilter,
  type OrderTab,
} from '../../../protocol/spot';
import { NavBar } from '../../components/NavBar';
import { Segmented } from '../../components/Segmented';
import { Tabs } from '../../components/Tabs';
import { OrderRecords } from './OrderRecords';

/** /orderList: the reader's spot orders (open, all, history) with the status filter. A tab offers
 * only the statuses it holds (open orders are all pending: no filter); a status chosen on another
 * tab that this one does not hold reads as all here, and is chosen again back there. */
const OrderListScreen = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderTab>('open');
  const [chosen, setStatus] = useState<OrderFilter>('all');
  const filters = ORDER_FILTERS.filter((f) => f === 'all' || TAB_STATUSES[tab].includes(f));
  const status = filters.includes(chosen) ? chosen : 'all';
  return (
    <div className="order-list">
      <NavBar title={t('route.orderList')} />
      <Tabs
        label={t('route.orderList')}
        value={tab}
        onChange={setTab}
        items={(['open', 'all', 'history'] as const).map((k) => ({ key: k, label: t(`orders.tabs.${k}`) }))}
      >
        {TAB_STATUSES[tab].length > 1 && (
          <Segmented
            label={t('orders.filter')}
            value={status}
            onChange={setStatus}
            options={filters.map((f) => ({
              value: f,
              label: f === 'all' ? t('orders.all') : t(ORDER_STATUS[f]),
            }))}
          />
        )}
        <OrderRecords key={`${tab}|${status}`} tab={tab} status={status} emptyText={t('orders.empty')} />
      </Tabs>
    </div>
  );
};

export default OrderListScreen;
