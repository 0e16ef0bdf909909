import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CheckIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';

export const RESULT_REDIRECT_SECONDS = 5;
const RECORDS = '/recharge/record';

/** /recharge/result: the deposit is recorded; off to the records after a countdown in seconds. */
const RechargeResultScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [until] = useState(() => Date.now() + RESULT_REDIRECT_SECONDS * 1000);
  const seconds = useSecondsLeft(until);
  useEffect(() => {
    if (seconds === 0) void navigate(RECORDS, { replace: true });
  }, [seconds, navigate]);
  return (
    <>
      <NavBar title={t('route.recharge_result')} />
      <section className="wallet-result">
        <span className="wallet-result__icon">
          <CheckIcon />
        </span>
        <h2 className="wallet-result__title">{t('recharge.resultTitle')}</h2>
        <p className="wallet-result__text">{t('recharge.resultText')}</p>
        {/* Read with the page, not again every second. */}
        <p className="wallet-result__countdown" role="timer" aria-live="off">
          {t('recharge.redirectIn', { seconds })}
        </p>
        <Link className="btn btn--primary btn--block" to={RECORDS} replace>
          {t('recharge.viewRecords')}
        </Link>
      </section>
    </>
  );
};

export default RechargeResultScreen;
