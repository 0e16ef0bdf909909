import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_FILTERS, ORDER_STATUS, type OrderFilter, type OrderTab } from '../../../protocol/spot';
import { NavBar } from '../../components/NavBar';
import { Segmented } from '../../components/Segmented';
import { Tabs } from '../../components/Tabs';
import { OrderRecords } from './OrderRecords';

/** /orderList: the reader's spot orders (open, all, history) with the status filter. */
const OrderListScreen = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderTab>('open');
  const [status, setStatus] = useState<OrderFilter>('all');
  return (
    <div className="order-list">
      <NavBar title={t('route.orderList')} />
      <Tabs
        label={t('route.orderList')}
        value={tab}
        onChange={setTab}
        items={(['open', 'all', 'history'] as const).map((k) => ({ key: k, label: t(`orders.tabs.${k}`) }))}
      >
        <Segmented
          label={t('orders.filter')}
          value={status}
          onChange={setStatus}
          options={ORDER_FILTERS.map((f) => ({
            value: f,
            label: f === 'all' ? t('orders.all') : t(ORDER_STATUS[f]),
          }))}
        />
        <OrderRecords key={`${tab}|${status}`} tab={tab} status={status} emptyText={t('orders.empty')} />
      </Tabs>
    </div>
  );
};

export default OrderListScreen;
