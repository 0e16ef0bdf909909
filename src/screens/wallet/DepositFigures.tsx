import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../protocol/wallet';
import { formatMoney } from '../../components/format';
import { RecordRow } from './RecordList';

/** Confirmed at what the chain showed rather than at what was declared: the two figures alone read
 * as a mistake. Both come formatted alike from the ledger's units, so equal amounts are equal text. */
const creditedOtherAmount = (d: Deposit) =>
  d.status === 'success' && d.creditedAmount !== null && d.creditedAmount !== d.amount;

/** A deposit's amounts: what was declared and, once settled, what arrived on chain (where it is not
 * what was credited) and what was credited, wherever a deposit is shown: the declared amount alone
 * under "credited to your balance" read as that amount credited. */
export const DepositFigures = ({ deposit: d }: { deposit: Deposit }) => {
  const { t, i18n } = useTranslation();
  return (
    <>
      <RecordRow label={t('recharge.amount')} value={formatMoney(d.amount, i18n.language)} />
      {d.receivedAmount !== null && d.receivedAmount !== d.creditedAmount && (
        <RecordRow label={t('recharge.received')} value={formatMoney(d.receivedAmount, i18n.language)} />
      )}
      {d.creditedAmount !== null && (
        <RecordRow label={t('recharge.credited')} value={formatMoney(d.creditedAmount, i18n.language)} />
      )}
      {creditedOtherAmount(d) && <p className="record__note">{t('recharge.creditedAsReceived')}</p>}
    </>
  );
};
