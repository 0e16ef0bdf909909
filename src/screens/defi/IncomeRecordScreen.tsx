import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { defiApi } from '../../api/defi';
import { idParam } from '../../app/idParam';
import { NavBar } from '../../components/NavBar';
import { PagedList } from '../../components/PagedList';
import { usePages } from '../../hooks/usePages';
import { RecordTime } from '../../components/RecordTime';
import { useDefiFormat } from './format';
import { usePledgePushes } from './usePledgePushes';

const PAGE = 30;

/** /defi/incomeRecord: each daily release of staking income, newest first, with the pledge it is of
 * (its amount) and the day of its cycle; `?pledgeId=` keeps one pledge's (two pledges of one
 * product and amount read alike in the list of all). */
const IncomeRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const f = useDefiFormat();
  // Product names come in the reader's language: another one fetches the pages shown again, as a
  // push that a day's income was released does.
  const version = usePledgePushes();
  const picked = idParam(useSearchParams()[0].get('pledgeId'));
  const pledgeId = Number.isNaN(picked) ? undefined : picked;
  const income = usePages(
    (page, size) => defiApi.income({ page, size, pledgeId }),
    PAGE,
    String(pledgeId ?? ''),
    `${version}:${i18n.language}`,
  );
  return (
    <>
      <NavBar title={t('route.defi_incomeRecord')} />
      {pledgeId !== undefined && (
        <p className="defi-income__filter">
          <span>{t('defi.onePledgeOnly')}</span>
          <Link to="/defi/incomeRecord" replace>
            {t('defi.allIncome')}
          </Link>
        </p>
      )}
      <PagedList pages={income} emptyText={t('defi.noIncome')} moreText={t('defi.more')}>
        {(list) => (
          <ul className="defi-income">
            {list.map((r) => (
              <li key={r.id} className="defi-income__row">
                <div>
                  <span className="defi-income__name">{r.name}</span>
                  <span className="defi-income__meta">
                    {t('defi.ofPledge', { amount: f.amount(r.principal, r.asset) })} ·{' '}
                    {t('defi.dayOf', { day: r.day, days: r.cycleDays })} · <RecordTime ts={r.releasedAt} />
                  </span>
                </div>
                <span className="defi-income__amount">+{f.amount(r.amount, r.asset)}</span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
};

export default IncomeRecordScreen;
