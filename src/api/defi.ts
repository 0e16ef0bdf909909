import type {
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

/** The reads are quiet: each screen says its failure in place (a product not found, or the failure
 * with a retry), which a toast said again over the bar with the back button. */
const quiet = { silent: true } as const;

/** Staking: /api/defi/*. */
export const defiApi = {
  products: () => api.get<DefiProduct[]>('/defi/products', undefined, quiet),
  detail: (id: number) => api.get<DefiProduct>('/defi/detail', { id }, quiet),
  /** Quiet: the screen shows the failure, and sends a reader refused for verification on to it. */
  pledge: (body: PledgeRequest) => api.post<PledgeRecord>('/defi/pledge', body, quiet),
  pledges: (query: PledgeListRequest = {}) => api.get<PledgePage>('/defi/pledgeRecord', query, quiet),
  income: (query: IncomeListRequest = {}) => api.get<IncomePage>('/defi/incomeRecord', query, quiet),
  earnings: () => api.get<Earnings>('/defi/earnings', undefined, quiet),
};
