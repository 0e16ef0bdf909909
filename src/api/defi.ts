import type {
  Balance,
  DefiProduct,
  Earnings,
  IncomeListRequest,
  IncomePage,
  PledgeListRequest,
  PledgePage,
  PledgeRecord,
  PledgeRequest,
} from '../../protocol';
import { api } from './client';

/** Staking: /api/defi/*. */
export const defiApi = {
  products: () => api.get<DefiProduct[]>('/defi/products'),
  detail: (id: number) => api.get<DefiProduct>('/defi/detail', { id }),
  /** Quiet: the screen shows the failure, and sends a reader refused for verification on to it. */
  pledge: (body: PledgeRequest) => api.post<PledgeRecord>('/defi/pledge', body, { silent: true }),
  pledges: (query: PledgeListRequest = {}) => api.get<PledgePage>('/defi/pledgeRecord', query),
  income: (query: IncomeListRequest = {}) => api.get<IncomePage>('/defi/incomeRecord', query),
  earnings: () => api.get<Earnings>('/defi/earnings'),
  /** What the user can pledge of `asset` now (quietly: the form shows a dash when unknown). */
  available: async (asset: string) =>
    (await api.get<Balance[]>('/assets/balances', undefined, { silent: true })).find((b) => b.asset === asset)
      ?.available ?? '0',
};
