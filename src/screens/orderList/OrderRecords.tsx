import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilter, OrderTab, SpotOrderView } from '../../../protocol/spot';
import { spotApi } from '../../api/spot';
import { transport } from '../../app/streams';
import { Spinner } from '../../components/Spinner';
import { OrderCard } from './OrderCard';
import { OrderDetailSheet } from './OrderDetailSheet';

const PAGE_SIZE = 20;

/**
 * The reader's orders of one tab and status, newest first, a page at a time, with an order's
 * detail on tap. Pushes on the private `orders` channel refresh what is shown. Give it a `key` of
 * its tab and status: another choice starts afresh, the same one again keeps what is shown.
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

  return (
    <>
      {list === undefined ? (
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
      {list !== undefined && list.length < total && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setPages((p) => p + 1)}>
          {t('orders.loadMore')}
        </button>
      )}
      {open !== undefined && (
        <OrderDetailSheet
          id={open}
          version={version}
          onClose={() => setOpen(undefined)}
          onChanged={() => setVersion((v) => v + 1)}
        />
      )}
    </>
  );
};
