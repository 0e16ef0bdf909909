import type { Balance } from '../../protocol/assets';
import type {
  OrderFilter,
  OrderTab,
  SpotOrderDetail,
  SpotOrderPage,
  SpotOrderView,
  SpotPairRules,
} from '../../protocol/spot';
import type { OrderRequest } from '../../protocol/spotSchema';
import type { SpotApi } from '../../streams/spot';
import { api } from './client';

// Reads are polled again by the streams: a toast per failed poll would only repeat what the
// connection indicator says.
const quiet = { silent: true } as const;

/** Spot orders under /api/cointransaction. */
export const spotApi: SpotApi & {
  order(side: 'buy' | 'sell', body: OrderRequest): Promise<SpotOrderView>;
  cancel(id: number): Promise<SpotOrderView>;
  list(query: {
    tab: OrderTab;
    status: OrderFilter;
    pair?: string;
    page: number;
    size: number;
  }): Promise<SpotOrderPage>;
  detail(id: number): Promise<SpotOrderDetail>;
  rules(pair: string): Promise<SpotPairRules>;
} = {
  /** Quiet: the screen shows the failure, and sends a reader refused for verification on to it. */
  order: (side, body) => api.post<SpotOrderView>(`/cointransaction/order${side}`, body, quiet),
  cancel: (id) => api.post<SpotOrderView>('/cointransaction/cancel', { id }),
  list: (query) => api.get<SpotOrderPage>('/cointransaction/list', query, quiet),
  detail: (id) => api.get<SpotOrderDetail>('/cointransaction/detail', { id }, quiet),
  rules: (pair) => api.get<SpotPairRules>('/cointransaction/rules', { pair }, quiet),
  openOrders: (pair, size) =>
    api.get<SpotOrderPage>('/cointransaction/list', { tab: 'open', pair, page: 1, size }, quiet),
  balances: () => api.get<Balance[]>('/assets/balances', undefined, quiet),
};
