import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Deposit } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { LoadingRecord, recordOf } from '../../components/LoadFailed';
import { NavBar } from '../../components/NavBar';
import { useRemote } from '../../hooks/useRemote';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { DepositFigures } from './DepositFigures';
import { RecordHeading, RecordText } from './RecordList';
import { idParam } from '../../app/idParam';
import { translateKey } from '../../i18n';

export const RESULT_REDIRECT_SECONDS = 5;
/** While the deposit is under way, how often it is read again: a demo deposit is confirmed by
 * itself seconds after it is declared, and one may be settled before this screen even opens. */
export const RESULT_POLL_MS = 2000;
const RECORDS = '/recharge/record';

/** What the reader is told of a deposit, by where it stands: promised while it waits for the
 * network, then what became of it, so a credited deposit never reads as still to come. */
const RESULT_TEXT: Record<Deposit['status'], string> = {
  pending: 'recharge.resultText',
  confirming: 'recharge.resultText',
  success: 'recharge.resultCredited',
  fail: 'recharge.resultFailed',
};

/** What the deposit form hands this screen: the declaration the server answered. */
export interface RechargeResultState {
  deposit: Deposit;
}

/**
 * /recharge/result?id=: the declaration just recorded, with its amount, network and status, then
 * off to the records after a countdown in seconds. Opened from the form it shows what the server
 * answered first; opened again later (a reload, a link) it reads the deposit `id` names, however
 * many of the reader's are newer, and says so when there is none of theirs. While the deposit is
 * under way it is read again, so its status and the words under the title follow it.
 */
const RechargeResultScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = idParam(useSearchParams()[0].get('id'));
  const handed = (useLocation().state as RechargeResultState | null)?.deposit;
  const [reads, setReads] = useState(0);
  const {
    data: deposit,
    failure,
    retry,
  } = useRemote(
    () =>
      reads === 0 && handed?.id === id ? Promise.resolve(handed) : recordOf(id, walletApi.depositDetail),
    `${id} ${reads}`,
  );
  const underWay = deposit?.status === 'pending' || deposit?.status === 'confirming';
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => setReads((n) => n + 1), RESULT_POLL_MS);
    return () => clearInterval(timer);
  }, [underWay]);
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
          {/* A tick over a deposit that failed would read as the opposite of the words below it. */}
          <span
            className={`wallet-result__icon${deposit.status === 'fail' ? ' wallet-result__icon--fail' : ''}`}
          >
            {deposit.status === 'fail' ? <CloseIcon /> : <CheckIcon />}
          </span>
          <h2 className="wallet-result__title">{t('recharge.resultTitle')}</h2>
          <p className="wallet-result__text" data-testid="deposit-result-text">
            {t(RESULT_TEXT[deposit.status])}
          </p>
          <div className="record wallet-result__record" data-testid="deposit-result">
            <RecordHeading record={deposit} />
            <DepositFigures deposit={deposit} />
            {deposit.note && (
              <RecordText label={t('wallet.record.reason')} value={translateKey(deposit.note)} note />
            )}
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
