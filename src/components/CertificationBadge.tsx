import { useTranslation } from 'react-i18next';
import type { Certification } from '../state/session';

/** The verification status as a coloured badge (spec §4: null, 0 under review, 1 failed, else approved). */
export const CertificationBadge = ({ certification }: { certification: Certification }) => {
  const { t } = useTranslation();
  if (certification === null) return <span className="badge">{t('certification.none')}</span>;
  if (certification === 0) return <span className="badge badge--warn">{t('certification.review')}</span>;
  if (certification === 1) return <span className="badge badge--bad">{t('certification.failed')}</span>;
  return <span className="badge badge--ok">{t('certification.approved')}</span>;
};
