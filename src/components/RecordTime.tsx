import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format';

/** When a record happened: every record of money (orders, contracts, the journal, deposits,
 * withdrawals, staking income) gives it to the second in the same numeric form, so one can be
 * matched against another; dates people plan by (maturities, notices) are written out instead. */
export const RecordTime = ({ ts, className }: { ts: number; className?: string }) => {
  const { i18n } = useTranslation();
  return (
    <time className={className} dateTime={new Date(ts).toISOString()}>
      {formatDateTime(ts, i18n.language)}
    </time>
  );
};
