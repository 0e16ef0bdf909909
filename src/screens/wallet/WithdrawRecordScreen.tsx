import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { formatDecimal } from '../../components/format';
import { translateKey } from '../../i18n';
import { useDateFormat } from '../authentication/status';
import { StatusBadge } from './StatusBadge';
import { useRecords } from './useRecords';

const underWay = (w: Withdrawal) => w.status === 'pending';

/** /withdraw/record: my withdrawals and where each stands, fresh on focus and while one waits. */
const WithdrawRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const format = useDateFormat(true);
  const { list, failed, refresh } = useRecords(() => walletApi.withdrawals(), underWay);
  const amount = (v: string) => formatDecimal(v, i18n.language);
  return (
    <>
      <NavBar title={t('route.withdraw_record')} />
      {!list ? (
        failed ? (
          <section className="empty-state">
            <p className="empty-state__text">{t('error.title')}</p>
            <button type="button" className="btn" onClick={refresh}>
              {t('wallet.retry')}
            </button>
          </section>
        ) : (
          <Spinner />
        )
      ) : list.length === 0 ? (
        <p className="empty-state__text">{t('withdraw.noRecords')}</p>
      ) : (
        <ul className="records" aria-label={t('route.withdraw_record')}>
          {list.map((w) => (
            <li key={w.id} className="record" data-testid="withdraw-record">
              <div className="record__row">
                <span className="record__title">
                  {w.coin} <span className="record__network">{w.network}</span>
                </span>
                <StatusBadge status={w.status} name={w.status_name} />
              </div>
              <div className="record__row">
                <span className="record__label">{t('withdraw.amount')}</span>
                <span className="record__value">{amount(w.amount)}</span>
              </div>
              <div className="record__row">
                <span className="record__label">{t('withdraw.fee')}</span>
                <span className="record__value">{amount(w.fee)}</span>
              </div>
              <div className="record__row">
                <span className="record__label">{t('withdraw.received')}</span>
                <span className="record__value">{amount(w.received)}</span>
              </div>
              <p className="record__hash">{w.address}</p>
              {w.txHash && <p className="record__hash">{w.txHash}</p>}
              {w.note && <p className="record__note">{translateKey(w.note)}</p>}
              <time className="record__meta" dateTime={new Date(w.createdAt).toISOString()}>
                {format.format(w.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

export default WithdrawRecordScreen;
