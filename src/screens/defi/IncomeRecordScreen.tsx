import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defiApi } from '../../api/defi';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { useRemote } from '../../hooks/useRemote';
import { useDateFormat } from '../authentication/status';
import { useDefiFormat } from './format';

const PAGE = 30;

/** /defi/incomeRecord: each daily release of staking income, newest first. */
const IncomeRecordScreen = () => {
  const { t } = useTranslation();
  const f = useDefiFormat();
  const date = useDateFormat(true);
  const [size, setSize] = useState(PAGE);
  const page = useRemote(() => defiApi.income({ size }), String(size));
  return (
    <>
      <NavBar title={t('route.defi_incomeRecord')} />
      {!page.data && !page.failed && <Spinner />}
      {page.data?.list.length === 0 && <p className="empty-state__text">{t('defi.noIncome')}</p>}
      <ul className="defi-income">
        {page.data?.list.map((r) => (
          <li key={r.id} className="defi-income__row">
            <div>
              <span className="defi-income__name">{r.name}</span>
              <span className="defi-income__meta">
                {t('defi.dayN', { day: r.day })} ·{' '}
                <time dateTime={new Date(r.releasedAt).toISOString()}>{date.format(r.releasedAt)}</time>
              </span>
            </div>
            <span className="defi-income__amount">+{f.amount(r.amount, r.asset)}</span>
          </li>
        ))}
      </ul>
      {page.data && page.data.total > page.data.list.length && size < 100 && (
        <button
          type="button"
          className="btn btn--block"
          onClick={() => setSize((s) => Math.min(100, s + PAGE))}
        >
          {t('defi.more')}
        </button>
      )}
    </>
  );
};

export default IncomeRecordScreen;
