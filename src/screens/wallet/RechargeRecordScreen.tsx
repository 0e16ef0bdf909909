import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { DepositFigures } from './DepositFigures';
import { Memo } from './Memo';
import { RecordList, RecordText } from './RecordList';

const underWay = (d: Deposit) => d.status === 'pending' || d.status === 'confirming';
const load = (page: number, size: number) => walletApi.deposits(page, size);

/** /recharge/record: my deposits, where each was sent and where each stands. */
const RechargeRecordScreen = () => {
  const { t } = useTranslation();
  return (
    <RecordList
      title="route.recharge_record"
      emptyText={t('recharge.noRecords')}
      testId="deposit-record"
      load={load}
      underWay={underWay}
      details={(d: Deposit) => (
        <>
          <DepositFigures deposit={d} />
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
