import { first } from 'rxjs';
import type { ContractOrder } from '../../../protocol/contracts';
import { contracts } from '../../app/contractStreams';
import { formatSignedMoney } from '../../components/format';
import { i18n } from '../../i18n';
import { showToast } from '../../state/ui';

/** Contracts whose countdown sheet is up: their result shows there, in full. */
const inView = new Set<number>();
/** Contracts watched already: a retried placement answers the same contract. */
const watched = new Set<number>();

/** While a countdown sheet shows contract `id`; the returned function ends it. */
export const showingOutcome = (id: number) => {
  inView.add(id);
  return () => void inView.delete(id);
};

/** "BTC/USDT · You won · +80 USDT", in the reader's language and figures at the time it shows. */
export const outcomeText = (o: ContractOrder) =>
  [
    o.name,
    i18n.t(`contract.result.${o.result}`),
    `${formatSignedMoney(o.profit ?? '0', i18n.language)} ${o.asset}`,
  ].join(' · ');

/**
 * Says the result of a contract opened in this tab, or shown running in a list (one opened before
 * a reload), once it is settled, wherever the reader is by then: with its sheet closed, a contract
 * otherwise just left the running list, and one closed on another screen was never heard of until
 * the records were opened. Not while its sheet is up, which says it in full.
 */
export const watchOutcome = (order: ContractOrder) => {
  if (watched.has(order.id)) return;
  watched.add(order.id);
  contracts
    .order$(order.id)
    .pipe(first((o) => o.status === 'completed' && o.result !== null))
    .subscribe({
      next: (o) => {
        if (!inView.has(o.id)) showToast(outcomeText(o), 4000);
      },
      // A contract the server no longer answers for has no result to tell.
      error: () => undefined,
    });
};
