import { useTranslation } from 'react-i18next';
import { CERTIFICATION } from '../../../protocol/accounts';
import type { DocType } from '../../../protocol/accountRules';
import { currentUser, setUser, type Certification } from '../../state/session';

/** The four verification states the screens show (spec §4): null never verified, 0 under review,
 * 1 failed, any other value approved. */
type KycState = 'none' | 'review' | 'failed' | 'verified';

export const kycState = (certification: Certification | undefined): KycState => {
  if (certification === null || certification === undefined) return 'none';
  if (certification === CERTIFICATION.underReview) return 'review';
  if (certification === CERTIFICATION.failed) return 'failed';
  return 'verified';
};

/** Translation keys of the document types. */
export const DOC_LABELS: Record<DocType, string> = {
  idCard: 'kyc.docType.idCard',
  passport: 'kyc.docType.passport',
};

const BADGES: Record<KycState, { key: string; tone: string }> = {
  none: { key: 'kyc.status.none', tone: '' },
  review: { key: 'kyc.status.review', tone: ' badge--warn' },
  failed: { key: 'kyc.status.failed', tone: ' badge--bad' },
  verified: { key: 'kyc.status.verified', tone: ' badge--ok' },
};

export const CertificationBadge = ({ certification }: { certification: Certification | undefined }) => {
  const { t } = useTranslation();
  const badge = BADGES[kycState(certification)];
  return <span className={`badge${badge.tone}`}>{t(badge.key)}</span>;
};

/** Keeps the stored userinfo's certification in step with what the server said, so the route
 * gates see the new state at once. */
export const storeCertification = (certification: Certification) => {
  const user = currentUser();
  if (user && user.userinfo.certification !== certification) {
    setUser({ token: user.token, userinfo: { ...user.userinfo, certification } });
  }
};
