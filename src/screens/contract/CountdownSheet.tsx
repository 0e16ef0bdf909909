import { Decimal } from '../../components/decimal';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContractOrder } from '../../../protocol/contracts';
import { formatDecimal, formatMoney, formatSignedMoney, withUnit } from '../../components/format';
import { ModalLayer } from '../../components/ModalLayer';
import { useContract, useCountdown } from '../../hooks/useContracts';
import { useConnection, useTicker } from '../../hooks/useMarket';
import { isSocketDown } from '../../../streams/transport';
import { formatCountdown } from './figures';
import { showingOutcome } from './outcomes';

/** The result of a settled contract, in words and figures. */
const ResultLine = ({ order }: { order: ContractOrder }) => {
  const { t, i18n } = useTranslation();
  if (!order.result || order.payout === null) return null;
  // In the reader's own number format, like every other amount on the screen.
  const money = (v: string) => formatMoney(v, i18n.language);
  const profit = money(order.profit ?? '0');
  const figures = { amount: money(order.amount), payout: money(order.payout), asset: order.asset, profit };
  return (
    <div className={`contract-result contract-result--${order.result}`} data-testid="contract-result">
      <p className="contract-result__title">{t(`contract.result.${order.result}`)}</p>
      <p className="contract-result__figure">
        {withUnit(formatSignedMoney(order.profit ?? '0', i18n.language), order.asset)}
      </p>
      <p className="contract-result__detail">{t(`contract.result.${order.result}Detail`, figures)}</p>
    </div>
  );
};

/**
 * The contract's clock while it runs (`running`), its result once settled, in one live region that
 * stays on the page from the first to the last: a screen reader says what is added to a region it
 * already follows, and the result, drawn in place of a region that went with the clock, was never
 * said while the sheet or the detail was up (nor shown as a toast then, outcomes.ts).
 */
export const ClockOrResult = ({ order, running }: { order: ContractOrder; running: ReactNode }) => (
  <div aria-live="polite">{order.status === 'completed' ? <ResultLine order={order} /> : running}</div>
);

/**
 * The running contract: open price, live price, direction and the seconds left on the server's
 * clock, then, without a reload, its result as soon as it is settled.
 */
export const CountdownSheet = ({ placed, onClose }: { placed: ContractOrder; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const order = useContract(placed.id, placed) ?? placed;
  useEffect(() => showingOutcome(order.id), [order.id]);
  const left = useCountdown(order.closeAt);
  const ticker = useTicker(order.pair, order.status !== 'completed');
  const live = ticker?.last;
  const move = live === undefined ? 0 : new Decimal(live).cmp(order.openPrice);
  const trend = move > 0 ? 'up' : move < 0 ? 'down' : 'flat';
  // With the socket down the price is the last one pushed (or polled): coloured up or down under
  // "Live price" it read as the contract's standing now, which it may no longer be.
  const stale = isSocketDown(useConnection());
  const done = order.status === 'completed';
  const num = (v: string) => formatDecimal(v, i18n.language);
  const money = (v: string) => formatMoney(v, i18n.language);
  return (
    // A tap beside it does not close it (the contract is the reader's to watch); Close or Escape do.
    <ModalLayer
      backdrop="sheet-backdrop"
      className="sheet contract-sheet"
      labelledBy="contract-sheet-title"
      onDismiss={onClose}
    >
      <header className="sheet__head">
        <h2 id="contract-sheet-title" className="sheet__title">
          {order.name} · {t(order.directionname)} · {t('contract.cycleMinutes', { count: order.cycle })}
        </h2>
      </header>
      <ClockOrResult
        order={order}
        running={
          <div className="contract-sheet__clock">
            {left === undefined || left > 0 ? (
              <>
                {/* A timer is not read out every second; "settling" and the result are. */}
                <span
                  className="contract-sheet__remaining"
                  role="timer"
                  aria-live="off"
                  data-testid="countdown"
                >
                  {left === undefined ? '—' : formatCountdown(left)}
                </span>
                <span className="contract-sheet__label">{t('contract.sheet.remaining')}</span>
              </>
            ) : (
              <span className="contract-sheet__settling">{t('contract.sheet.settling')}</span>
            )}
          </div>
        }
      />
      <dl className="kv">
        <div className="kv__row">
          <dt>{t('contract.sheet.direction')}</dt>
          <dd className={`dir dir--${order.direction}`}>{t(order.directionname)}</dd>
        </div>
        <div className="kv__row">
          <dt>{t('contract.sheet.amount')}</dt>
          <dd>{withUnit(money(order.amount), order.asset)}</dd>
        </div>
        <div className="kv__row">
          <dt>{t('contract.sheet.openPrice')}</dt>
          <dd>{num(order.openPrice)}</dd>
        </div>
        {done ? (
          <div className="kv__row">
            <dt>{t('contract.sheet.closePrice')}</dt>
            <dd>{order.closePrice ? num(order.closePrice) : '—'}</dd>
          </div>
        ) : (
          <div className="kv__row">
            <dt>{t(stale ? 'contract.sheet.stalePrice' : 'contract.sheet.livePrice')}</dt>
            <dd className={`price price--${stale ? 'stale' : trend}`} data-testid="live-price">
              {live ? num(live) : '—'}
            </dd>
          </div>
        )}
        {/* What a win would earn, while it may still be won: under a settled loss of 20 USDT,
            "Expected earnings +16 USDT" read as if something were still to come. */}
        {!done && (
          <div className="kv__row">
            <dt>{t('contract.expected')}</dt>
            <dd>{withUnit(formatSignedMoney(order.expected, i18n.language), order.asset)}</dd>
          </div>
        )}
      </dl>
      <div className="sheet__actions">
        {done && (
          <Link className="btn btn--ghost" to={`/contractList?id=${order.id}`}>
            {t('contract.sheet.receipt')}
          </Link>
        )}
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </ModalLayer>
  );
};
