import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Deposit } from '../../../protocol/wallet';
import { localFailure } from '../../api/client';
import { walletApi } from '../../api/wallet';
import { formatMoney } from '../../components/format';
import { CheckIcon } from '../../components/icons';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { NavBar } from '../../components/NavBar';
import { useRemote } from '../../hooks/useRemote';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { RecordHeading, RecordRow } from './RecordList';
import { idParam } from '../../app/idParam';

export const RESULT_REDIRECT_SECONDS = 5;
const RECORDS = '/recharge/record';

/** What the deposit form hands this screen: the declaration the server answered. */
export interface RechargeResultState {
  deposit: Deposit;
}

/** A declaration of the reader's, among their newest: the result screen is opened right after one. */
const findDeposit = async (id: number) =>
  (await walletApi.deposits()).find((d) => d.id === id) ??
  Promise.reject(localFailure('app.msg.record_not_found'));

/**
 * /recharge/result?id=: the declaration just recorded, with its amount, network and status, then
 * off to the records after a countdown in seconds. Opened from the form it shows what the server
 * answered; opened again later (a reload, a link) it reads the deposit `id` names, and says so
 * when there is none of the reader's.
 */
const RechargeResultScreen = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = idParam(useSearchParams()[0].get('id'));
  const handed = (useLocation().state as RechargeResultState | null)?.deposit;
  const {
    data: deposit,
    failure,
    retry,
  } = useRemote(() => (handed?.id === id ? Promise.resolve(handed) : recordOf(id, findDeposit)), String(id));
  const [until] = useState(() => Date.now() + RESULT_REDIRECT_SECONDS * 1000);
  const seconds = useSecondsLeft(until);
  useEffect(() => {
    if (seconds === 0) void navigate(RECORDS, { replace: true });
  }, [seconds, navigate]);
  const records = (
    <Link className="btn btn--primary btn--block" to={RECORDS} replace>
      {t('recharge.viewRecords')}
    </Link>
  );
  return (
    <>
      <NavBar title={t('route.recharge_result')} />
      {!deposit ? (
        <section className="wallet-result">
          <LoadingRecord failure={failure} onRetry={retry} />
          {failure && records}
        </section>
      ) : (
        <section className="wallet-result">
          <span className="wallet-result__icon">
            <CheckIcon />
          </span>
          <h2 className="wallet-result__title">{t('recharge.resultTitle')}</h2>
          <p className="wallet-result__text">{t('recharge.resultText')}</p>
          <div className="record wallet-result__record" data-testid="deposit-result">
            <RecordHeading record={deposit} />
            <RecordRow label={t('recharge.amount')} value={formatMoney(deposit.amount, i18n.language)} />
          </div>
          {/* Read with the page, not again every second. */}
          <p className="wallet-result__countdown" role="timer" aria-live="off">
            {t('recharge.redirectIn', { seconds })}
          </p>
          {records}
        </section>
      )}
    </>
  );
};

export default RechargeResultScreen;
