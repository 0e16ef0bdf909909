import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilter, OrderTab } from '../../../protocol/spot';
import { ORDERS_CHANNEL, SPOT_POLL_MS } from '../../../streams/spot';
import { spotApi } from '../../api/spot';
import { Spinner } from '../../components/Spinner';
import { useChannelVersion } from '../../hooks/useChannelVersion';
import { usePages } from '../../hooks/usePages';
import { translateKey } from '../../i18n';
import { OrderCard } from './OrderCard';
import { OrderDetailSheet } from './OrderDetailSheet';

// The server caps a page's size (orderListQuerySchema): older orders come as further pages.
const PAGE_SIZE = 20;

/**
 * The reader's orders of one tab and status, newest first, a page at a time, with an order's
 * detail on tap. Whenever orders may have moved (a push on the private `orders` channel, a poll
 * while the socket is down) every page shown is fetched again. Give it a `key` of its tab and
 * status: another choice starts afresh, the same one again keeps what is shown.
 */
export const OrderRecords = ({
  tab,
  status,
  emptyText,
}: {
  tab: OrderTab;
  status: OrderFilter;
  emptyText: string;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | undefined>();
  const [version, changed] = useChannelVersion(ORDERS_CHANNEL, SPOT_POLL_MS.orders);
  // Reads are quiet (they are polled): a first load that fails says so in place of the spinner,
  // and the next refresh tries again.
  const orders = usePages(
    (page, size) => spotApi.list({ tab, status, page, size }),
    PAGE_SIZE,
    `${tab}:${status}`,
    version,
  );
  const { list, failure } = orders;
  return (
    <>
      {list === undefined && failure ? (
        <p className="muted empty-line">{translateKey(failure)}</p>
      ) : list === undefined ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="muted empty-line">{emptyText}</p>
      ) : (
        <ul className="order-cards">
          {list.map((o) => (
            <OrderCard key={o.id} order={o} onOpen={() => setOpen(o.id)} />
          ))}
        </ul>
      )}
      {list !== undefined && orders.hasMore && (
        <button type="button" className="btn btn--ghost btn--block" onClick={orders.more}>
          {t('orders.loadMore')}
        </button>
      )}
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
