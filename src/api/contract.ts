import type { ContractInfo, ContractOrder, ContractOrderRequest, ContractPage } from '../../protocol';
import type { ContractApi } from '../../streams/contracts';
import { api } from './client';

// Reads are polled again by the streams: a toast per failed poll would only repeat what the
// connection indicator says.
const quiet = { silent: true } as const;

/** Timed contracts under /api/contract. */
export const contractApi: ContractApi & { order(body: ContractOrderRequest): Promise<ContractOrder> } = {
  info: () => api.get<ContractInfo>('/contract/info', undefined, quiet),
  list: (query) => api.get<ContractPage>('/contract/list', query, quiet),
  detail: (id) => api.get<ContractOrder>('/contract/detail', { id }, quiet),
  /** Quiet: the screen shows the failure, and sends a reader refused for verification on to it. */
  order: (body) => api.post<ContractOrder>('/contract/order', body, quiet),
};
