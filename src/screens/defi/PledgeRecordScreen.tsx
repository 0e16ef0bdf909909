import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PledgeRecord } from '../../../protocol';
import { defiApi } from '../../api/defi';
import { NavBar } from '../../components/NavBar';
import { PagedList } from '../../components/PagedList';
import { Tabs } from '../../components/Tabs';
import { START_PAGES_MAX, usePages } from '../../hooks/usePages';
import { usePickedRecord } from '../../hooks/usePickedRecord';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useDefiFormat } from './format';
import { pluralKey } from '../../i18n/plural';
import { EARNING, nextPledgeView, SETTLED } from './pledgeSearch';
import { usePledgePushes } from './usePledgePushes';

const PAGE = 50;

const PledgeItem = ({ p, mark }: { p: PledgeRecord; mark: ReturnType<typeof usePickedRecord>['mark'] }) => {
  const { t, i18n } = useTranslation();
  const f = useDefiFormat();
  const date = useDateFormat(true);
  const earning = p.status === EARNING;
  return (
    <li {...mark(p.id, 'defi-record card')}>
      <header className="defi-card__head">
        <h2 className="defi-card__name">{p.name}</h2>
        <span className={`badge ${earning ? 'badge--ok' : ''}`}>{t(p.status)}</span>
      </header>
      <p className="defi-record__amount">{f.amount(p.amount, p.asset)}</p>
      <dl className="defi-terms">
        <div>
          <dt>{t('defi.progress')}</dt>
          <dd>
            {t(pluralKey('defi.daysOf', p.cycleDays, i18n.language), { paid: p.daysPaid, days: p.cycleDays })}
          </dd>
        </div>
        <div>
          <dt>{t('defi.dailyYield')}</dt>
          <dd>{f.percent(p.dailyYield)}</dd>
        </div>
        <div>
          <dt>{t('defi.todayIncome')}</dt>
          <dd className="defi-summary__gain">{f.amount(p.todayIncome, p.asset)}</dd>
        </div>
        <div>
          <dt>{t('defi.cumulativeIncome')}</dt>
          <dd>{f.amount(p.cumulativeIncome, p.asset)}</dd>
        </div>
        <div>
          <dt>{t('defi.projectedIncome')}</dt>
          <dd>{f.amount(p.projectedIncome, p.asset)}</dd>
        </div>
        <div>
          <dt>{t('defi.pledgeTime')}</dt>
          <dd>{date.format(p.pledgedAt)}</dd>
        </div>
        <div>
          <dt>{t(earning ? 'defi.maturesAt' : 'defi.settlementTime')}</dt>
          <dd>{date.format(p.settledAt ?? p.maturesAt)}</dd>
        </div>
      </dl>
      {p.daysPaid > 0 && (
        <Link className="defi-record__income" to={`/defi/incomeRecord?pledgeId=${p.id}`}>
          {t('route.defi_incomeRecord')}
        </Link>
      )}
    </li>
  );
};

/** /defi/pledgeRecord: my pledges, earning or settled, kept current by the `pledges` channel; the
 * one an address picks out (`?id=`) loaded, scrolled to and marked. */
const PledgeRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const picked = usePickedRecord();
  const [{ status, seek }, dispatch] = useReducer(nextPledgeView, {
    status: EARNING,
    seek: picked.id === undefined ? undefined : { id: picked.id, pages: START_PAGES_MAX },
  });
  const version = usePledgePushes();
  // From the first page again on another tab; the pages shown again on a push that a pledge
  // changed, or in another language (product names).
  const pledges = usePages(
    (page, size) => defiApi.pledges({ status, page, size }),
    PAGE,
    status,
    `${version}:${i18n.language}`,
    1,
    seek,
  );
  // Told in render, as soon as the pages are in, so that no frame shows the tab it leaves.
  if (seek && pledges.list && !pledges.loading) {
    dispatch({ type: 'looked', found: pledges.list.some((p) => p.id === seek.id), shown: pledges.shown });
  }
  return (
    <>
      <NavBar title={t('route.defi_pledgeRecord')} />
      <Tabs
        label={t('route.defi_pledgeRecord')}
        value={status}
        onChange={(next) => dispatch({ type: 'show', status: next })}
        items={[
          { key: EARNING, label: t('app.data.pledge_earning') },
          { key: SETTLED, label: t('app.data.pledge_settled') },
        ]}
      >
        <PagedList pages={pledges} emptyText={t('defi.noPledges')} moreText={t('defi.more')}>
          {(list) => (
            <ul className="defi-list">
              {list.map((p) => (
                <PledgeItem key={p.id} p={p} mark={picked.mark} />
              ))}
            </ul>
          )}
        </PagedList>
      </Tabs>
    </>
  );
};

export default PledgeRecordScreen;
