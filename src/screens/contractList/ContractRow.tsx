import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContractOrder } from '../../../protocol/contracts';
import { formatMoney, formatSignedMoney, withUnit } from '../../components/format';
import { useContract } from '../../hooks/useContracts';
import { RecordTime } from '../../components/RecordTime';
import { watchOutcome } from '../contract/outcomes';
import { Remaining } from './Remaining';

/** What a settled contract came to: the profit or loss of a win or a loss, and for a tie or a void
 * the amount that went back (its profit, 0, would read as if nothing came back). */
const Outcome = ({ order }: { order: ContractOrder }) => {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, i18n.language);
  const refunded = order.result === 'tie' || order.result === 'void';
  const tone = order.result === 'win' ? 'up' : order.result === 'loss' ? 'down' : 'flat';
  const figure = refunded
    ? money(order.payout ?? order.amount)
    : formatSignedMoney(order.profit ?? '0', i18n.language);
  return (
    <span className={`pnl pnl--${tone}`}>
      {t(order.resultname ?? order.statusname)} {withUnit(figure, order.asset)}
    </span>
  );
};

/**
 * One contract in a list: pair, direction, cycle, amount, then its countdown while it runs or its
 * outcome. It follows itself to its result, so it never waits for the list. A tap opens its detail
 * page, or `onOpen` where the screen shows it in place.
 */
export const ContractRow = ({
  order,
  onOpen,
}: {
  order: ContractOrder;
  onOpen?: (order: ContractOrder) => void;
}) => {
  const { t, i18n } = useTranslation();
  const live = useContract(order.status === 'completed' ? undefined : order.id, order) ?? order;
  // A running contract leaves its list once settled: one opened before a reload was not watched
  // by this tab, and its result went unsaid. Each is watched once, however often its row renders.
  useEffect(() => {
    if (order.status !== 'completed') watchOutcome(order);
  }, [order]);
  const content: ReactNode = (
    <>
      <div className="contract-row__head">
        <span className="contract-row__name">{live.name}</span>
        <span className={`dir dir--${live.direction}`}>{t(live.directionname)}</span>
        <span className="contract-row__cycle">{t('contract.cycleMinutes', { count: live.cycle })}</span>
      </div>
      <div className="contract-row__body">
        <span>{withUnit(formatMoney(live.amount, i18n.language), live.asset)}</span>
        {live.status === 'completed' ? <Outcome order={live} /> : <Remaining order={live} />}
      </div>
      <RecordTime className="contract-row__foot" ts={live.openAt} />
    </>
  );
  return (
    <li className="contract-row" data-contract={live.id}>
      {onOpen ? (
        <button type="button" className="contract-row__link" onClick={() => onOpen(live)}>
          {content}
        </button>
      ) : (
        <Link className="contract-row__link" to={`/contractList?id=${live.id}`}>
          {content}
        </Link>
      )}
    </li>
  );
};
