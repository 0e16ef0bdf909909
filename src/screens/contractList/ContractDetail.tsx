import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tickSourceName, type ContractOrder, type ContractTick } from '../../../protocol/contracts';
import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatSignedMoney,
  trendOf,
  withUnit,
} from '../../components/format';
import { Spinner } from '../../components/Spinner';
import { useContractDetail } from '../../hooks/useContracts';
import { ClockOrResult } from '../contract/CountdownSheet';
import { formatDateTime, trimZeros } from '../contract/figures';
import { showingOutcome } from '../contract/outcomes';
import { Remaining } from './Remaining';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="kv__row">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** One recorded tick of the receipt: which one, when, what price, from where. */
const TickCard = ({ title, tick }: { title: string; tick: ContractTick }) => {
  const { t, i18n } = useTranslation();
  const source = tickSourceName(tick.source);
  return (
    <section className="receipt-tick" aria-label={title}>
      <h4 className="receipt-tick__title">{title}</h4>
      <dl className="kv kv--compact">
        <Row label={t('contractList.tickId')}>#{tick.id}</Row>
        <Row label={t('contractList.tickTime')}>
          {formatDateTime(tick.ts, i18n.language)}.{String(tick.ts % 1000).padStart(3, '0')}
        </Row>
        <Row label={t('contractList.tickPrice')}>{formatDecimal(tick.price, i18n.language)}</Row>
        <Row label={t('contractList.tickSource')}>{source ? t(source) : tick.source}</Row>
      </dl>
    </section>
  );
};

/** The settlement receipt: the two recorded ticks the contract opened and settled on. */
const Receipt = ({ order }: { order: ContractOrder }) => {
  const { t } = useTranslation();
  return (
    <section className="receipt" data-testid="receipt">
      <h3 className="section-title">{t('contractList.receipt')}</h3>
      <TickCard title={t('contractList.openTick')} tick={order.openTick} />
      {order.closeTick ? (
        <TickCard title={t('contractList.closeTick')} tick={order.closeTick} />
      ) : (
        order.status === 'completed' && <p className="receipt__note">{t('contractList.noCloseTick')}</p>
      )}
      <p className="receipt__note">{t('contractList.receiptNote')}</p>
    </section>
  );
};

/** Every field of one contract (spec §3), its countdown while it runs and its receipt. */
export const ContractDetail = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation();
  const { order, failure } = useContractDetail(id);
  // It says the result in place, as the countdown sheet does: a toast over it would say it twice.
  useEffect(() => showingOutcome(id), [id]);
  if (failure) {
    return (
      <section className="empty-state" role="alert">
        <p className="empty-state__text">{t(failure)}</p>
      </section>
    );
  }
  if (!order) return <Spinner />;
  const num = (v: string) => formatDecimal(v, i18n.language);
  const money = (v: string) => formatMoney(v, i18n.language);
  const time = (ts: number) => formatDateTime(ts, i18n.language);
  const done = order.status === 'completed';
  return (
    <article className="contract-detail">
      <ClockOrResult order={order} running={<Remaining order={order} large />} />
      <dl className="kv">
        <Row label={t('contractList.type')}>{t('contractList.typeValue', { pair: order.name })}</Row>
        <Row label={t('contractList.direction')}>
          <span className={`dir dir--${order.direction}`}>{t(order.directionname)}</span>
        </Row>
        <Row label={t('contractList.cycle')}>{t('contract.cycleMinutes', { count: order.cycle })}</Row>
        <Row label={t('contractList.amount')}>{withUnit(money(order.amount), order.asset)}</Row>
        <Row label={t('contractList.rate')}>{formatPercent(trimZeros(order.rate), i18n.language)}</Row>
        {/* What a win would earn, while one may still come: under a settled loss, "Expected
            earnings +80.00" read as money still to come. Settled, the profit or loss booked says it. */}
        {!done && (
          <Row label={t('contract.expected')}>
            {withUnit(formatSignedMoney(order.expected, i18n.language), order.asset)}
          </Row>
        )}
        <Row label={t('contractList.openTime')}>{time(order.openAt)}</Row>
        <Row label={t('contractList.closeTime')}>{time(order.closeAt)}</Row>
        <Row label={t('contractList.openPrice')}>{num(order.openPrice)}</Row>
        <Row label={t('contractList.closePrice')}>{order.closePrice ? num(order.closePrice) : '—'}</Row>
        {done && order.profit !== null && (
          <Row label={t('contractList.profit')}>
            <span className={`pnl pnl--${trendOf(order.profit)}`}>
              {withUnit(formatSignedMoney(order.profit, i18n.language), order.asset)}
            </span>
          </Row>
        )}
        <Row label={t('contractList.status')}>{t(order.statusname)}</Row>
        {order.resultname && <Row label={t('contractList.result')}>{t(order.resultname)}</Row>}
      </dl>
      <Receipt order={order} />
    </article>
  );
};
