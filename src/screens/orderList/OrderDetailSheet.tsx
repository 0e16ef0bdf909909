import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS, type SpotFill, type SpotOrderDetail } from '../../../protocol/spot';
import { spotApi } from '../../api/spot';
import { formatDate, formatDateTime, formatDecimal, formatMoney, formatTime } from '../../components/format';
import { failureOf, Loading } from '../../components/LoadFailed';
import { Sheet } from '../../components/Sheet';
import { usePair } from '../../hooks/usePair';
import { cancelOrder } from '../trade/cancelOrder';
import { whileBusy } from '../../components/form/whileBusy';
import { returnedText } from './returned';
import { ORDERS_CHANNEL, SPOT_POLL_MS } from '../../../streams/spot';
import { useChannelVersion } from '../../hooks/useChannelVersion';

/** The fills by the reader's day, in their order, each day headed by its date: a time alone read
 * as today's for a fill of an order that rested for days, and a date in the time column would
 * take the room the figures need at 320 px. */
const byDay = (fills: SpotFill[], language: string) => {
  const days: Array<{ date: string; iso: string; fills: SpotFill[] }> = [];
  for (const fill of fills) {
    const date = formatDate(fill.ts, language);
    const day = days.at(-1);
    if (day?.date === date) day.fills.push(fill);
    else {
      // The reader's calendar day, as the date shown is.
      const local = fill.ts - new Date(fill.ts).getTimezoneOffset() * 60_000;
      days.push({ date, iso: new Date(local).toISOString().slice(0, 10), fills: [fill] });
    }
  }
  return days;
};

/** One order: price, quantity, amount, type, status, deal price and amount, fee, and its fills. */
export const OrderDetailSheet = ({
  id,
  version,
  onClose,
  onChanged,
}: {
  id: number;
  /** Changes when a push says orders moved: the detail is fetched again. */
  version: number;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [order, setOrder] = useState<SpotOrderDetail | undefined>();
  const [busy, setBusy] = useState(false);
  const pair = usePair(order?.pair);
  const num = (v: string | null) => (v === null ? '—' : formatDecimal(v, i18n.language));
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, i18n.language));
  // The fee is taken in the coin the order receives: a sale's is money and shows its cents, a
  // buy's is the coin bought, written as it is ("0 BTC", never "0.00 BTC").
  const fee = (v: string) => (order?.side === 'sell' ? money(v) : num(v));

  // Reads are quiet (they are polled): a detail that cannot be read says why in the sheet, with a
  // retry.
  const [failure, setFailure] = useState<string | undefined>();
  const [retries, setRetries] = useState(0);
  useEffect(() => {
    let live = true;
    spotApi.detail(id).then(
      (o) => {
        if (!live) return;
        setOrder(o);
        setFailure(undefined);
      },
      (err: unknown) => live && setFailure(failureOf(err)),
    );
    return () => {
      live = false;
    };
  }, [id, version, retries]);
  const retry = () => {
    setFailure(undefined);
    setRetries((n) => n + 1);
  };

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setOrder({ ...(order as SpotOrderDetail), ...(await cancelOrder(id)) });
      onChanged();
    } catch {
      // The REST client has shown the failure.
    } finally {
      setBusy(false);
    }
  };

  const returned = order && returnedText(order, pair, i18n.language);
  const rows: Array<[string, string]> = order
    ? [
        [t('orders.pair'), pair?.name ?? order.pair.toUpperCase()],
        [t('orders.side'), t(`orders.sides.${order.side}`)],
        [t('orders.type'), t(`orders.types.${order.type}`)],
        [t('orders.status'), t(order.status)],
        [t('orders.price'), order.price ? num(order.price) : t('orders.marketPrice')],
        // A market buy is given as an amount: no quantity ordered, only the filled one below; a
        // market sell as a quantity: no amount ordered, only the deal amount.
        ...(order.qty === null ? [] : [[t('orders.qty'), num(order.qty)] as [string, string]]),
        ...(order.amount === null ? [] : [[t('orders.amount'), money(order.amount)] as [string, string]]),
        [t('orders.filled'), num(order.filledQty)],
        [t('orders.dealPrice'), num(order.avgPrice)],
        [t('orders.dealAmount'), money(order.filledAmount)],
        [t('orders.fee'), `${fee(order.fee)} ${order.feeAsset}`],
        ...(returned ? [[t('orders.returned'), returned] as [string, string]] : []),
        [t('orders.time'), formatDateTime(order.createdAt, i18n.language)],
      ]
    : [];

  return (
    <Sheet
      id="order-detail-title"
      title={t('orders.detail')}
      className="order-detail"
      onClose={onClose}
      testId="order-detail"
    >
      {!order ? (
        <Loading failure={failure} onRetry={retry} />
      ) : (
        <>
          <dl className="kv">
            {rows.map(([k, v]) => (
              <div className="kv__row" key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <h3 className="order-detail__fills-title">{t('orders.fills')}</h3>
          {order.fills.length === 0 ? (
            <p className="muted empty-line">{t('orders.noFills')}</p>
          ) : (
            <table className="trades order-detail__fills">
              <thead>
                <tr>
                  <th scope="col">{t('orders.time')}</th>
                  <th scope="col">{t('orders.price')}</th>
                  <th scope="col">{t('orders.qty')}</th>
                  <th scope="col">{t('orders.fee')}</th>
                </tr>
              </thead>
              {byDay(order.fills, i18n.language).map((day) => (
                <tbody key={day.fills[0]!.id}>
                  <tr className="order-detail__day">
                    <th scope="rowgroup" colSpan={4}>
                      <time dateTime={day.iso}>{day.date}</time>
                    </th>
                  </tr>
                  {day.fills.map((f) => (
                    <tr key={f.id}>
                      <td className="muted">
                        {formatTime(f.ts, i18n.language)}
                        <span className="order-detail__role">{t(`orders.roles.${f.role}`)}</span>
                      </td>
                      <td>{num(f.price)}</td>
                      <td>{num(f.qty)}</td>
                      <td>{fee(f.fee)}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          )}
          {order.status === ORDER_STATUS.pending && (
            <button
              type="button"
              className="btn btn--down btn--block"
              {...whileBusy(busy)}
              onClick={() => void cancel()}
            >
              {t('orders.cancel')}
            </button>
          )}
        </>
      )}
    </Sheet>
  );
};

/** One order's detail opened away from the order lists (from a wallet entry): it follows the
 * orders channel itself, as a list does for the detail it opens. */
export const StandaloneOrderDetail = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const [version, changed] = useChannelVersion(ORDERS_CHANNEL, SPOT_POLL_MS.orders);
  return <OrderDetailSheet id={id} version={version} onClose={onClose} onChanged={changed} />;
};
