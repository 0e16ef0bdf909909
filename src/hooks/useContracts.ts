import { useObservableState, useSubscription } from 'observable-hooks';
import { useState } from 'react';
import { NEVER } from 'rxjs';
import type { ContractListState, ContractOrder, Envelope } from '../../protocol';
import { contracts } from '../app/contractStreams';
import { useLogin } from './useLogin';

/** Hooks over the shared contract streams (created once per key in streams/). */
export const useContractInfo = () => useObservableState(contracts.info$(), undefined);
/** Reads the info again now (rates and limits an operator may have changed). */
export const refreshContractInfo = () => contracts.refreshInfo();
export const useOpenContracts = () => useObservableState(contracts.open$(useLogin()), undefined);
/** One page of the reader's contracts in progress or settled. */
export const useContractPage = (state: ContractListState, page: number, size: number) =>
  useObservableState(contracts.page$(useLogin(), state, page, size), undefined);
/** One contract as it runs to its result; `initial` shows until the first answer. */
export const useContract = (id: number | undefined, initial?: ContractOrder) =>
  useObservableState(id ? contracts.order$(id) : NEVER, initial);
interface ContractDetailState {
  order?: ContractOrder;
  failure?: string;
}
/** One contract for its detail page, or the failure key that ended its stream (the server has no
 * such contract of the reader's), so the page can say so instead of waiting. */
export const useContractDetail = (id: number): ContractDetailState => {
  const [seen, setSeen] = useState<ContractDetailState & { of?: number }>({});
  const { of, ...state } = seen;
  const known = of === id ? state : {};
  // The failure ended the stream, which leaves its cache: taken again at the render the failure
  // causes, it was a new stream asking the server again, whose answer caused another render, some
  // thirty requests a second for as long as the page was up.
  useSubscription(
    known.failure ? NEVER : contracts.order$(id),
    (order) => setSeen({ of: id, order }),
    (err: Envelope) => setSeen({ of: id, failure: err.msg }),
  );
  return known;
};
/** Whole seconds left until `closeAt`, on the server's clock. */
export const useCountdown = (closeAt: number) => useObservableState(contracts.countdown$(closeAt), undefined);
