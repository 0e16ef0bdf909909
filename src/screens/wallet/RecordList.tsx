import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/NavBar';
import { Loading } from '../../components/LoadFailed';
import { translateKey } from '../../i18n';
import { RecordTime } from '../../components/RecordTime';
import { StatusBadge } from './StatusBadge';
import { useRecords } from './useRecords';
import { EmptyText } from '../../components/EmptyText';
import { usePickedRecord } from '../../hooks/usePickedRecord';

interface WalletRecord {
  id: number;
  coin: string;
  network: string;
  status: string;
  status_name: string;
  txHash: string | null;
  note: string | null;
  createdAt: number;
}

interface Props<T extends WalletRecord> {
  /** Route-title key, also the list's name. */
  title: string;
  emptyText: string;
  testId: string;
  /** One page of records, newest first. */
  load: (page: number, size: number) => Promise<T[]>;
  underWay: (record: T) => boolean;
  /** The rows particular to this kind of record, between the heading and the hashes. */
  details: (record: T) => ReactNode;
}

/** A record screen of the wallet (deposits, withdrawals): fresh on focus and while one is under
 * way, each record with its coin, network, status, amounts, hash, note and time; the one an
 * address picks out (`?id=`) loaded, scrolled to and marked. */
export const RecordList = <T extends WalletRecord>({
  title,
  emptyText,
  testId,
  load,
  underWay,
  details,
}: Props<T>) => {
  const { t } = useTranslation();
  const picked = usePickedRecord();
  const { list, failure, loading, hasMore, refresh, more } = useRecords(load, underWay, picked.id);
  return (
    <>
      <NavBar title={t(title)} />
      {!list ? (
        <Loading failure={failure} onRetry={refresh} />
      ) : list.length === 0 ? (
        <EmptyText>{emptyText}</EmptyText>
      ) : (
        <ul className="records" aria-label={t(title)}>
          {list.map((r) => (
            <li key={r.id} {...picked.mark(r.id, 'record')} data-testid={testId}>
              <RecordHeading record={r} />
              {details(r)}
              {r.txHash && <RecordText label={t('wallet.record.txHash')} value={r.txHash} hash />}
              {r.note && <RecordText label={t('wallet.record.reason')} value={translateKey(r.note)} note />}
              <RecordTime className="record__meta" ts={r.createdAt} />
            </li>
          ))}
        </ul>
      )}
      {list && hasMore && (
        <button type="button" className="btn btn--block" onClick={more} disabled={loading}>
          {t('wallet.more')}
        </button>
      )}
    </>
  );
};

/** A record's first row: its coin, network and status. */
export const RecordHeading = ({
  record,
}: {
  record: Pick<WalletRecord, 'coin' | 'network' | 'status' | 'status_name'>;
}) => (
  <div className="record__row">
    <span className="record__title">
      {record.coin} <span className="record__network">{record.network}</span>
    </span>
    <StatusBadge status={record.status} name={record.status_name} />
  </div>
);

/** One labelled value of a record. */
export const RecordRow = ({ label, value }: { label: string; value: string }) => (
  <div className="record__row">
    <span className="record__label">{label}</span>
    <span className="record__value">{value}</span>
  </div>
);

/** A labelled text of a record too long to sit beside its label (an address, a transaction hash,
 * the operator's reason): unlabelled, a hash under an address read as a second address, and a
 * reason as a remark. */
export const RecordText = ({
  label,
  value,
  hash = false,
  note = false,
}: {
  label: string;
  value: string;
  hash?: boolean;
  note?: boolean;
}) => (
  <div className="record__text">
    <span className="record__label">{label}</span>
    <span className={hash ? 'record__hash' : note ? 'record__note' : undefined}>{value}</span>
  </div>
);
