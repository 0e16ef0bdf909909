import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { translateKey } from '../../i18n';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { formatDecimal } from '../../components/format';
import { useDateFormat } from '../authentication/status';
import { StatusBadge } from './StatusBadge';
import { useRecords } from './useRecords';

const underWay = (d: Deposit) => d.status === 'pending' || d.status === 'confirming';

/** /recharge/record: my deposits and where each stands, fresh on focus and while one is waiting. */
const RechargeRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const format = useDateFormat(true);
  const { list, failed, refresh } = useRecords(() => walletApi.deposits(), underWay);
  return (
    <>
      <NavBar title={t('route.recharge_record')} />
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
        <p className="empty-state__text">{t('recharge.noRecords')}</p>
      ) : (
        <ul className="records" aria-label={t('route.recharge_record')}>
          {list.map((d) => (
            <li key={d.id} className="record" data-testid="deposit-record">
              <div className="record__row">
                <span className="record__title">
                  {d.coin} <span className="record__network">{d.network}</span>
                </span>
                <StatusBadge status={d.status} name={d.status_name} />
              </div>
              <div className="record__row">
                <span className="record__label">{t('recharge.amount')}</span>
                <span className="record__value">{formatDecimal(d.amount, i18n.language)}</span>
              </div>
              {d.creditedAmount !== null && (
                <div className="record__row">
                  <span className="record__label">{t('recharge.credited')}</span>
                  <span className="record__value">{formatDecimal(d.creditedAmount, i18n.language)}</span>
                </div>
              )}
              {d.txHash && <p className="record__hash">{d.txHash}</p>}
              {d.note && <p className="record__note">{translateKey(d.note)}</p>}
              <time className="record__meta" dateTime={new Date(d.createdAt).toISOString()}>
                {format.format(d.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

export default RechargeRecordScreen;
