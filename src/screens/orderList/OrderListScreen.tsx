import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PAIR_SYMBOL_RE } from '../../../protocol/market';
import { COIN_PAIR_PARAM } from '../../../protocol/routes';
import { ORDER_FILTERS, ORDER_STATUS, TAB_STATUSES, type OrderTab } from '../../../protocol/spot';
import { NavBar } from '../../components/NavBar';
import { Segmented } from '../../components/Segmented';
import { Tabs } from '../../components/Tabs';
import { usePairName } from '../../hooks/usePair';
import { useSetAddressParams } from '../../hooks/useSetAddressParams';
import { SHOWN_PAGES_PARAM } from '../../hooks/useShownPages';
import { OrderRecords } from './OrderRecords';

/** The pair the orders are narrowed to, and the way back to every pair's (on the same tab). */
const PairFilter = ({ pair, params }: { pair: string; params: URLSearchParams }) => {
  const { t } = useTranslation();
  const rest = new URLSearchParams(params);
  rest.delete(COIN_PAIR_PARAM);
  rest.delete(SHOWN_PAGES_PARAM);
  return (
    <p className="order-list__pair">
      <span>{usePairName(pair)}</span>
      <Link to={rest.size > 0 ? `/orderList?${rest}` : '/orderList'} replace>
        {t('orders.allPairs')}
      </Link>
    </p>
  );
};

const TABS = ['open', 'all', 'history'] as const satisfies readonly OrderTab[];
const oneOf = <T extends string>(values: readonly T[], text: string | null, otherwise: T): T =>
  values.find((v) => v === text) ?? otherwise;

/** /orderList: the reader's spot orders (open, all, history) with the status filter, of every pair
 * or of the one `coinPair` names (the trade screen's link to a pair's open orders). A tab offers
 * only the statuses it holds (open orders are all pending: no filter); a status chosen on another
 * tab that this one does not hold reads as all here, and is chosen again back there. The tab and
 * the status are kept in the address (`tab`, `status`, replaced rather than pushed) with how many
 * pages are shown, so a reload or a return keeps what the reader was looking at. */
const OrderListScreen = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const setParams = useSetAddressParams();
  // Another list starts from its first page.
  const choose = (key: 'tab' | 'status', value: string) =>
    setParams({ [key]: value, [SHOWN_PAGES_PARAM]: null });
  const asked = params.get(COIN_PAIR_PARAM)?.toLowerCase();
  // A pair no pair could be named by (a mangled link) narrows nothing.
  const pair = asked && PAIR_SYMBOL_RE.test(asked) ? asked : undefined;
  const tab = oneOf(TABS, params.get('tab'), 'open');
  const chosen = oneOf(ORDER_FILTERS, params.get('status'), 'all');
  const filters = ORDER_FILTERS.filter((f) => f === 'all' || TAB_STATUSES[tab].includes(f));
  const status = filters.includes(chosen) ? chosen : 'all';
  return (
    <div className="order-list">
      <NavBar title={t('route.orderList')} />
      {pair && <PairFilter pair={pair} params={params} />}
      <Tabs
        label={t('route.orderList')}
        value={tab}
        onChange={(next) => choose('tab', next)}
        items={TABS.map((k) => ({ key: k, label: t(`orders.tabs.${k}`) }))}
      >
        {TAB_STATUSES[tab].length > 1 && (
          <Segmented
            label={t('orders.filter')}
            value={status}
            onChange={(next) => choose('status', next)}
            options={filters.map((f) => ({
              value: f,
              label: f === 'all' ? t('orders.all') : t(ORDER_STATUS[f]),
            }))}
          />
        )}
        <OrderRecords
          key={`${tab}|${status}|${pair ?? ''}`}
          tab={tab}
          status={status}
          pair={pair}
          emptyText={t('orders.empty')}
        />
      </Tabs>
    </div>
  );
};

export default OrderListScreen;
