import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PledgeRecord, PledgeStatus } from '../../../protocol';
import { defiApi } from '../../api/defi';
import { transport } from '../../app/streams';
import { NavBar } from '../../components/NavBar';
import { PagedList } from '../../components/PagedList';
import { Tabs } from '../../components/Tabs';
import { usePages } from '../../hooks/usePages';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useDefiFormat } from './format';
import { pluralKey } from '../../i18n/plural';

const PAGE = 50;

const PledgeItem = ({ p }: { p: PledgeRecord }) => {
  const { t, i18n } = useTranslation();
  const f = useDefiFormat();
  const date = useDateFormat(true);
  const earning = p.status === 'app.data.pledge_earning';
  return (
    <li className="defi-record card">
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
    </li>
  );
};

/** /defi/pledgeRecord: my pledges, earning or settled, kept current by the `pledges` channel. */
const PledgeRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PledgeStatus>('app.data.pledge_earning');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const sub = transport.channel$('pledges').subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, []);
  // From the first page again on another tab; the pages shown again on a push that a pledge
  // changed, or in another language (product names).
  const pledges = usePages(
    (page, size) => defiApi.pledges({ status, page, size }),
    PAGE,
    status,
    `${version}:${i18n.language}`,
  );
  return (
    <>
      <NavBar title={t('route.defi_pledgeRecord')} />
      <Tabs
        label={t('route.defi_pledgeRecord')}
        value={status}
        onChange={setStatus}
        items={[
          { key: 'app.data.pledge_earning', label: t('app.data.pledge_earning') },
          { key: 'app.data.pledge_settled', label: t('app.data.pledge_settled') },
        ]}
      >
        <PagedList pages={pledges} emptyText={t('defi.noPledges')} moreText={t('defi.more')}>
          {(list) => (
            <ul className="defi-list">
              {list.map((p) => (
                <PledgeItem key={p.id} p={p} />
              ))}
            </ul>
          )}
        </PagedList>
      </Tabs>
    </>
  );
};

export default PledgeRecordScreen;
