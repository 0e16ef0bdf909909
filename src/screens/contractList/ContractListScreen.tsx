import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ContractListState, ContractOrder } from '../../../protocol/contracts';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useContractPage } from '../../hooks/useContracts';
import { ContractDetail } from './ContractDetail';
import { ContractRow } from './ContractRow';
import { idParam } from '../../app/idParam';

const PAGE_SIZE = 20;

/** A tab's contracts; `empty` says what an empty tab lacks ("none in progress" while settled ones
 * exist is not "none yet"). */
const List = ({ list, empty }: { list: readonly ContractOrder[] | undefined; empty: string }) => {
  const { t } = useTranslation();
  if (!list) return <Spinner />;
  if (list.length === 0) {
    return (
      <section className="empty-state">
        <p className="empty-state__text">{empty}</p>
      </section>
    );
  }
  return (
    <ul className="contract-list" aria-label={t('route.contractList')}>
      {list.map((o) => (
        <ContractRow key={o.id} order={o} />
      ))}
    </ul>
  );
};

/** A tab's contracts, a page at a time. */
const Paged = ({
  state,
  empty,
  page,
  onPage,
}: {
  state: ContractListState;
  empty: string;
  page: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation();
  const data = useContractPage(state, page, PAGE_SIZE);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // An address naming a page past the last (an old link, a typed one) showed "no settled contracts
  // yet" under "Page 4 of 4" to a reader with one page of them: it shows that last page instead.
  const past = data !== undefined && page > pages;
  useEffect(() => {
    if (past) onPage(pages);
  }, [past, pages, onPage]);
  if (past) return <Spinner />;
  return (
    <>
      <List list={data?.list} empty={empty} />
      {pages > 1 && (
        <nav className="pager" aria-label={t('contractList.pages')}>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('contractList.prev')}
          </button>
          <span>{t('contractList.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('contractList.next')}
          </button>
        </nav>
      )}
    </>
  );
};

/** The tab and page a list address names (`?tab=settled&page=2`): kept in the address, so coming
 * back from a contract's detail finds the list where the reader left it. */
const listPlace = (params: URLSearchParams) => {
  const tab: ContractListState = params.get('tab') === 'settled' ? 'settled' : 'open';
  const page = Number(params.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
};

/** /contractList: contracts in progress with their countdowns, settled ones by page, and the detail
 * of one (`?id=`) with its receipt. */
const ContractListScreen = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = idParam(params.get('id'));
  if (Number.isSafeInteger(id)) {
    return (
      <>
        <NavBar title={t('contractList.detail')} />
        <ConnectionBanner />
        <ContractDetail id={id} />
      </>
    );
  }
  const { tab, page } = listPlace(params);
  // Replaced, not pushed: back leaves the list rather than stepping through its pages.
  const show = (next: ContractListState, nextPage = 1) =>
    setParams(
      {
        ...(next === 'settled' ? { tab: next } : {}),
        ...(nextPage > 1 ? { page: String(nextPage) } : {}),
      },
      { replace: true },
    );
  return (
    <>
      <NavBar title={t('route.contractList')} />
      <ConnectionBanner />
      <Tabs
        label={t('route.contractList')}
        value={tab}
        onChange={(next) => show(next)}
        items={[
          { key: 'open', label: t('contractList.open') },
          { key: 'settled', label: t('contractList.settled') },
        ]}
      >
        <Paged
          key={tab}
          state={tab}
          empty={t(tab === 'open' ? 'contractList.emptyOpen' : 'contractList.emptySettled')}
          page={page}
          onPage={(p) => show(tab, p)}
        />
      </Tabs>
    </>
  );
};

export default ContractListScreen;
