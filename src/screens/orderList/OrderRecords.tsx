import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilter, OrderTab, SpotOrderPage, SpotOrderView } from '../../../protocol/spot';
import { ORDERS_CHANNEL, SPOT_POLL_MS } from '../../../streams/spot';
import type { Envelope } from '../../../protocol/envelope';
import { spotApi } from '../../api/spot';
import { Spinner } from '../../components/Spinner';
import { useChannelVersion } from '../../hooks/useChannelVersion';
import { translateKey } from '../../i18n';
import { OrderCard } from './OrderCard';
import { OrderDetailSheet } from './OrderDetailSheet';

// The server caps a page's size (orderListQuerySchema): older orders come as further pages.
const PAGE_SIZE = 20;

/** One page as answered, with the number of the request that asked for it: of two answers for a
 * page, the one asked for later stands, so a slow refresh never undoes a newer one. */
interface Answer {
  asked: number;
  page: SpotOrderPage;
}

/** Pages answered at different moments overlap when an order moved from one to the next between
 * them (a new one came on top, or one left): it is listed once, where it first stands. */
const ordersOf = (answers: Answer[]): SpotOrderView[] => [
  ...new Map(answers.flatMap((a) => a.page.list).map((o) => [o.id, o])).values(),
];

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
  const [answers, setAnswers] = useState<Answer[]>([]);
  // Reads are quiet (they are polled): a first load that fails says so in place of the spinner,
  // and the next refresh tries again.
  const [failure, setFailure] = useState<string | undefined>();
  const [open, setOpen] = useState<number | undefined>();
  const [version, changed] = useChannelVersion(ORDERS_CHANNEL, SPOT_POLL_MS.orders);
  const requests = useRef(0);

  const fetchPages = (first: number, count: number) => {
    const asked = ++requests.current;
    const pages = Array.from({ length: count }, (_, i) =>
      spotApi.list({ tab, status, page: first + i, size: PAGE_SIZE }),
    );
    Promise.all(pages).then(
      (answered) => {
        setFailure(undefined);
        setAnswers((shown) => {
          const next = [...shown];
          answered.forEach((page, i) => {
            const at = first - 1 + i;
            if ((next[at]?.asked ?? 0) < asked) next[at] = { asked, page };
          });
          return next;
        });
      },
      (err: unknown) => setFailure((err as Envelope | undefined)?.msg || 'app.msg.network_error'),
    );
  };
  const refresh = useEffectEvent(() => fetchPages(1, Math.max(answers.length, 1)));
  useEffect(() => refresh(), [version]);

  const list = answers.length > 0 ? ordersOf(answers) : undefined;
  // Pages answered at different moments may count differently: the one asked for last knows best.
  const latest = answers.reduce<Answer | undefined>((a, b) => (a && a.asked > b.asked ? a : b), undefined);
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
      {list !== undefined && list.length < (latest?.page.total ?? 0) && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => fetchPages(answers.length + 1, 1)}
        >
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
