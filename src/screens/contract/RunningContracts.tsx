import { useTranslation } from 'react-i18next';
import type { ContractOrder } from '../../../protocol/contracts';
import { useOpenContracts } from '../../hooks/useContracts';
import { ContractRow } from '../contractList/ContractRow';

/**
 * The reader's contracts of this pair still running, newest first, each counting down; a tap opens
 * its countdown sheet again. So a reload, or coming back to the screen, never hides a running
 * contract. Nothing is shown while there are none.
 */
export const RunningContracts = ({
  pair,
  onOpen,
}: {
  pair: string;
  onOpen: (order: ContractOrder) => void;
}) => {
  const { t } = useTranslation();
  const running = useOpenContracts()?.filter((o) => o.pair === pair) ?? [];
  if (running.length === 0) return null;
  return (
    <section className="running-contracts">
      <h2 className="section-title">{t('contract.running')}</h2>
      <ul className="contract-list" aria-label={t('contract.running')}>
        {running.map((o) => (
          <ContractRow key={o.id} order={o} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
};
