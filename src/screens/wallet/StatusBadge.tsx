import { useTranslation } from 'react-i18next';

const TONE: Record<string, string> = {
  success: 'badge--ok',
  fail: 'badge--bad',
  failed: 'badge--bad',
  rejected: 'badge--bad',
  pending: 'badge--warn',
  confirming: 'badge--warn',
};

/** A deposit's or withdrawal's status, translated from its `status_name`. */
export const StatusBadge = ({ status, name }: { status: string; name: string }) => {
  const { t } = useTranslation();
  return <span className={`badge ${TONE[status] ?? ''}`}>{t(name)}</span>;
};
