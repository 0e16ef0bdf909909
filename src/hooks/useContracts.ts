import { useObservableState } from 'observable-hooks';
import { NEVER } from 'rxjs';
import type { ContractOrder } from '../../protocol';
import { contracts } from '../app/contractStreams';

/** Hooks over the shared contract streams (created once per key in streams/). */
export const useContractInfo = () => useObservableState(contracts.info$(), undefined);
export const useOpenContracts = () => useObservableState(contracts.open$(), undefined);
export const useSettledContracts = (page: number, size: number) =>
  useObservableState(contracts.settled$(page, size), undefined);
/** One contract as it runs to its result; `initial` shows until the first answer. */
export const useContract = (id: number | undefined, initial?: ContractOrder) =>
  useObservableState(id ? contracts.order$(id) : NEVER, initial);
/** Whole seconds left until `closeAt`, on the server's clock. */
export const useCountdown = (closeAt: number) => useObservableState(contracts.countdown$(closeAt), undefined);
