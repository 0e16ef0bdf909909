import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilter, OrderTab } from '../../../protocol/spot';
import { ORDERS_CHANNEL, SPOT_POLL_MS } from '../../../streams/spot';
import { spotApi } from '../../api/spot';
import { PagedList } from '../../components/PagedList';
import { useChannelVersion } from '../../hooks/useChannelVersion';
import { usePages } from '../../hooks/usePages';
import { useShownPages } from '../../hooks/useShownPages';
import { OrderCard } from './OrderCard';
import { OrderDetailSheet } from './OrderDetailSheet';

// The server caps a page's size (orderListQuerySchema): older orders come as further pages.
const PAGE_SIZE = 20;

/**
 * The reader's orders of one tab and status (of one pair, or of all), newest first, a page at a
 * time, with an order's detail on tap. Whenever orders may have moved (a push on the private
 * `orders` channel, a poll while the socket is down) every page shown is fetched again; how many
 * are shown is kept in the address (useShownPages), for Back or a reload. Give it a
 * `key` of its tab, status and pair: another choice starts afresh, the same one again keeps what
 * is shown.
 */
export const OrderRecords = ({
  tab,
  status,
  pair,
  emptyText,
}: {
  tab: OrderTab;
  status: OrderFilter;
  pair?: string;
  emptyText: string;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | undefined>();
  const [version, changed] = useChannelVersion(ORDERS_CHANNEL, SPOT_POLL_MS.orders);
  const shownPages = useShownPages();
  // Reads are quiet (they are polled): a load that fails says so in place, with a retry, and the
  // next refresh tries again too.
  const orders = usePages(
    (page, size) => spotApi.list({ tab, status, ...(pair ? { pair } : {}), page, size }),
    PAGE_SIZE,
    `${tab}:${status}:${pair ?? ''}`,
    version,
    shownPages.start,
  );
  return (
    <>
      <PagedList pages={shownPages.kept(orders)} emptyText={emptyText} moreText={t('orders.loadMore')}>
        {(list) => (
          <ul className="order-cards">
            {list.map((o) => (
              <OrderCard key={o.id} order={o} onOpen={() => setOpen(o.id)} />
            ))}
          </ul>
        )}
      </PagedList>
      {open !== undefined && (
        <OrderDetailSheet
          id={open}
          version={version}
          onClose={() => setOpen(undefined)}
          onChanged={changed}
        />
      )}
    </>
  );
};
