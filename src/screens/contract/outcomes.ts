import { first } from 'rxjs';
import { subscribe } from 'valtio';
import type { ContractOrder } from '../../../protocol/contracts';
import { contracts } from '../../app/contractStreams';
import { formatSignedMoney } from '../../components/format';
import { i18n } from '../../i18n';
import { currentUser, sessionState } from '../../state/session';
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
const outcomeText = (o: ContractOrder) =>
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
  const login = currentUser()?.token;
  if (!login || watched.has(order.id)) return;
  watched.add(order.id);
  const watch = contracts
    .order$(order.id)
    .pipe(first((o) => o.status === 'completed' && o.result !== null))
    .subscribe({
      next: (o) => {
        if (!inView.has(o.id)) showToast(outcomeText(o), 4000);
      },
      // A contract the server no longer answers for has no result to tell.
      error: () => undefined,
    });
  // The result is the login's that opened the contract. Logged out (here or in another tab), the
  // watch asked every second, refused each time for want of a login, for as long as the tab lived;
  // someone else logging in would have been told another reader's result. A later login that shows
  // the contract watches it again.
  const unfollow = subscribe(sessionState, () => {
    if (sessionState.user?.token === login) return;
    watch.unsubscribe();
    watched.delete(order.id);
  });
  watch.add(unfollow);
};
