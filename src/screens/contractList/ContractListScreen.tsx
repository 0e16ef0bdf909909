import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContractListState, ContractOrder } from '../../../protocol/contracts';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { formatDecimal } from '../../components/format';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useContract, useOpenContracts, useSettledContracts } from '../../hooks/useContracts';
import { formatDateTime, signed } from '../contract/figures';
import { ContractDetail } from './ContractDetail';
import { Remaining } from './Remaining';

const PAGE_SIZE = 20;

const Row = ({ order }: { order: ContractOrder }) => {
  const { t, i18n } = useTranslation();
  // A running contract follows itself to its result, so a row never waits for the list.
  const live = useContract(order.status === 'completed' ? undefined : order.id, order) ?? order;
  const num = (v: string) => formatDecimal(v, i18n.language);
  return (
    <li className="contract-row" data-contract={live.id}>
      <Link className="contract-row__link" to={`/contractList?id=${live.id}`}>
        <div className="contract-row__head">
          <span className="contract-row__name">{live.name}</span>
          <span className={`dir dir--${live.direction}`}>{t(live.directionname)}</span>
          <span className="contract-row__cycle">{t('contract.cycleMinutes', { count: live.cycle })}</span>
        </div>
        <div className="contract-row__body">
          <span>
            {num(live.amount)} {live.asset}
          </span>
          {live.status === 'completed' ? (
            <span
              className={`pnl pnl--${live.result === 'win' ? 'up' : live.result === 'loss' ? 'down' : 'flat'}`}
            >
              {t(live.resultname ?? live.statusname)} {signed(num(live.profit ?? '0'))}
            </span>
          ) : (
            <Remaining order={live} />
          )}
        </div>
        <div className="contract-row__foot">{formatDateTime(live.openAt, i18n.language)}</div>
      </Link>
    </li>
  );
};

const List = ({ list }: { list: readonly ContractOrder[] | undefined }) => {
  const { t } = useTranslation();
  if (!list) return <Spinner />;
  if (list.length === 0) {
    return (
      <section className="empty-state">
        <p className="empty-state__text">{t('contractList.empty')}</p>
      </section>
    );
  }
  return (
    <ul className="contract-list" aria-label={t('route.contractList')}>
      {list.map((o) => (
        <Row key={o.id} order={o} />
      ))}
    </ul>
  );
};

const Settled = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useSettledContracts(page, PAGE_SIZE);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <List list={data?.list} />
      {pages > 1 && (
        <nav className="pager" aria-label={t('contractList.pages')}>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('contractList.prev')}
          </button>
          <span>{t('contractList.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('contractList.next')}
          </button>
        </nav>
      )}
    </>
  );
};

const Open = () => <List list={useOpenContracts()} />;

/** /contractList: contracts in progress with their countdowns, settled ones by page, and the detail
 * of one (`?id=`) with its receipt. */
const ContractListScreen = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<ContractListState>('open');
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) {
    return (
      <>
        <NavBar title={t('contractList.detail')} />
        <ConnectionBanner />
        <ContractDetail id={id} />
      </>
    );
  }
  return (
    <>
      <NavBar title={t('route.contractList')} />
      <ConnectionBanner />
      <Tabs
        label={t('route.contractList')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'open', label: t('contractList.open') },
          { key: 'settled', label: t('contractList.settled') },
        ]}
      >
        {tab === 'open' ? <Open /> : <Settled />}
      </Tabs>
    </>
  );
};

export default ContractListScreen;
