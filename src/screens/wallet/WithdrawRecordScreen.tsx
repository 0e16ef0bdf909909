import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../protocol/wallet';
import { walletApi } from '../../api/wallet';
import { formatMoney } from '../../components/format';
import { Memo } from './Memo';
import { RecordList, RecordRow, RecordText } from './RecordList';

const underWay = (w: Withdrawal) => w.status === 'pending';
/** A rejected or failed withdrawal sent nothing and charged nothing: its whole amount, fee
 * included, went back to the balance. */
const paysOut = (w: Withdrawal) => w.status === 'pending' || w.status === 'success';
const load = (page: number, size: number) => walletApi.withdrawals(page, size);

/** /withdraw/record: my withdrawals and where each stands. */
const WithdrawRecordScreen = () => {
  const { t, i18n } = useTranslation();
  const amount = (v: string) => formatMoney(v, i18n.language);
  return (
    <RecordList
      title="route.withdraw_record"
      emptyText={t('withdraw.noRecords')}
      testId="withdraw-record"
      load={load}
      underWay={underWay}
      details={(w: Withdrawal) => (
        <>
          <RecordRow label={t('withdraw.amount')} value={amount(w.amount)} />
          <RecordRow label={t('withdraw.fee')} value={paysOut(w) ? amount(w.fee) : '—'} />
          <RecordRow label={t('withdraw.received')} value={paysOut(w) ? amount(w.received) : '—'} />
          {!paysOut(w) && <RecordRow label={t('withdraw.returned')} value={amount(w.amount)} />}
          <RecordText label={t('withdraw.address')} value={w.address} hash />
          {w.memo && <Memo memo={w.memo} className="record__meta" />}
        </>
      )}
    />
  );
};

export default WithdrawRecordScreen;
