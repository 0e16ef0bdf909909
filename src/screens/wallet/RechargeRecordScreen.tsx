import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { formatMoney } from '../../components/format';
import { Memo } from './Memo';
import { RecordList, RecordRow, RecordText } from './RecordList';

const underWay = (d: Deposit) => d.status === 'pending' || d.status === 'confirming';
/** Confirmed at what the chain showed rather than at what was declared: the two figures alone read
 * as a mistake. Both come formatted alike from the ledger's units, so equal amounts are equal text. */
const creditedOtherAmount = (d: Deposit) =>
  d.status === 'success' && d.creditedAmount !== null && d.creditedAmount !== d.amount;
const load = (page: number, size: number) => walletApi.deposits(page, size);

/** /recharge/record: my deposits, where each was sent and where each stands. */
const RechargeRecordScreen = () => {
  const { t, i18n } = useTranslation();
  return (
    <RecordList
      title="route.recharge_record"
      emptyText={t('recharge.noRecords')}
      testId="deposit-record"
      load={load}
      underWay={underWay}
      details={(d: Deposit) => (
        <>
          <RecordRow label={t('recharge.amount')} value={formatMoney(d.amount, i18n.language)} />
          {d.receivedAmount !== null && d.receivedAmount !== d.creditedAmount && (
            <RecordRow label={t('recharge.received')} value={formatMoney(d.receivedAmount, i18n.language)} />
          )}
          {d.creditedAmount !== null && (
            <RecordRow label={t('recharge.credited')} value={formatMoney(d.creditedAmount, i18n.language)} />
          )}
          {creditedOtherAmount(d) && <p className="record__note">{t('recharge.creditedAsReceived')}</p>}
          {/* Where it was to be sent: on a memo network a transfer without the reader's memo is
              nobody's, and the record is where a reader checks it before asking support. */}
          <RecordText label={t('recharge.address')} value={d.address} hash />
          {d.memo && <Memo memo={d.memo} className="record__meta" />}
        </>
      )}
    />
  );
};

export default RechargeRecordScreen;
