import { useTranslation } from 'react-i18next';
import type { ContractOrder } from '../../../protocol/contracts';
import { useCountdown } from '../../hooks/useContracts';
import { formatCountdown } from '../contract/figures';

/** Time left to a running contract's close, on the server's clock; "settling" once it is due. */
export const Remaining = ({ order, large = false }: { order: ContractOrder; large?: boolean }) => {
  const { t } = useTranslation();
  const left = useCountdown(order.closeAt);
  const due = left === 0 || order.status === 'closing';
  return (
    <span className={`remaining${large ? ' remaining--large' : ''}`} aria-live="polite">
      {due ? (
        t('contract.sheet.settling')
      ) : (
        <>
          <span className="remaining__label">{t('contractList.closesIn')}</span>{' '}
          {/* A timer is not read out every second; the change to "settling" is. */}
          <span className="remaining__time" role="timer" aria-live="off" data-testid="countdown">
            {left === undefined ? '—' : formatCountdown(left)}
          </span>
        </>
      )}
    </span>
  );
};
