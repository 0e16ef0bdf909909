import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '../../../protocol';
import { userApi } from '../../api/user';
import { CheckIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { failureOf, Loading } from '../../components/LoadFailed';
import { translateKey } from '../../i18n';
import { useDateFormat } from '../../hooks/useDateFormat';
import { usePolling } from '../../hooks/usePolling';
import { DOC_LABELS, kycState, storeCertification } from './status';
import { VerificationForm } from './VerificationForm';
import { afterLabel } from '../../i18n/afterLabel';

/** Only the first character of the name is shown; the rest is starred. */
export const maskName = (name: string): string => {
  const chars = [...name.trim()];
  if (chars.length <= 1) return name;
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 6));
};

const ClockIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="32"
    height="32"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

const Approved = ({ status }: { status: VerificationStatus }) => {
  const { t } = useTranslation();
  return (
    <section className="kyc-result">
      <span className="kyc-result__icon kyc-result__icon--ok">
        <CheckIcon width={32} height={32} />
      </span>
      <h2 className="kyc-result__title">{t('kyc.approved.title')}</h2>
      <p className="kyc-result__text">{t('kyc.approved.text')}</p>
      {/* An account verified without a submission (the demo trader, one approved by hand) has no
          facts to list, and an empty list would still draw its frame. */}
      {(status.name || status.docType || status.docNumber) && (
        <dl className="kyc-facts">
          {status.name && (
            <div>
              <dt>{t('kyc.name')}</dt>
              <dd>{maskName(status.name)}</dd>
            </div>
          )}
          {status.docType && (
            <div>
              <dt>{t('kyc.docTypeLabel')}</dt>
              <dd>{t(DOC_LABELS[status.docType])}</dd>
            </div>
          )}
          {status.docNumber && (
            <div>
              <dt>{t('kyc.docNumber')}</dt>
              <dd className="kyc-facts__mono">{status.docNumber}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
};

const UnderReview = ({ status }: { status: VerificationStatus }) => {
  const { t } = useTranslation();
  const format = useDateFormat(true);
  return (
    <section className="kyc-result">
      <span className="kyc-result__icon kyc-result__icon--warn">
        <ClockIcon />
      </span>
      <h2 className="kyc-result__title">{t('kyc.review.title')}</h2>
      <p className="kyc-result__text">{t('kyc.review.text')}</p>
      {status.submittedAt !== null && (
        <dl className="kyc-facts">
          <div>
            <dt>{t('kyc.review.submittedAt')}</dt>
            <dd>
              <time dateTime={new Date(status.submittedAt).toISOString()}>
                {format.format(status.submittedAt)}
              </time>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
};

const Rejected = ({ reason }: { reason: string | null }) => {
  const { t } = useTranslation();
  return (
    <div className="kyc-rejected" role="alert">
      <p className="kyc-rejected__title">{t('kyc.failed.title')}</p>
      {reason && (
        <p className="kyc-rejected__reason">
          <span className="muted">{t('kyc.failed.reason')}</span>
          {afterLabel(t('kyc.failed.reason'))}
          {translateKey(reason)}
        </p>
      )}
      <p className="muted">{t('kyc.failed.text')}</p>
    </div>
  );
};

/** While the documents are under review, how often the screen asks whether an operator decided. */
export const REVIEW_POLL_MS = 10_000;

/** The verification status as the server answered it: shown, and stored for the gates. */
const shown = (setStatus: (s: VerificationStatus) => void) => (s: VerificationStatus) => {
  setStatus(s);
  storeCertification(s.certification);
};

/** /authentication: the reader's verification state, and the form when there is something to send
 * (never verified, or failed and to be sent again). Under review it asks again every
 * `REVIEW_POLL_MS` and whenever the page comes back into view, so the decision shows where the
 * screen says it will, without a reload. */
const AuthenticationScreen = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VerificationStatus | null>(null);
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    userApi.verification().then(
      (s) => live && shown(setStatus)(s),
      (err: unknown) => {
        if (live) setFailure(failureOf(err));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = () => {
    setFailure(undefined);
    setAttempt((n) => n + 1);
  };

  const state = status ? kycState(status.certification) : null;
  const reviewing = state === 'review';
  // A check that fails leaves the screen as it was: the next one asks again.
  usePolling(
    () =>
      void userApi.verification(true).then(
        (s) => shown(setStatus)(s),
        () => undefined,
      ),
    REVIEW_POLL_MS,
    reviewing,
  );

  return (
    <>
      <NavBar title={t('route.authentication')} />
      {!status ? (
        <Loading failure={failure} onRetry={retry} />
      ) : state === 'verified' ? (
        <Approved status={status} />
      ) : state === 'review' ? (
        <UnderReview status={status} />
      ) : (
        <>
          {state === 'failed' && <Rejected reason={status.rejectReason} />}
          <VerificationForm onSubmitted={setStatus} refused={state === 'failed' ? status : undefined} />
        </>
      )}
    </>
  );
};

export default AuthenticationScreen;
