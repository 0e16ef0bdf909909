import type { Balance } from '../protocol/assets';
import type { SpotOrderPage, SpotOrderView } from '../protocol/spot';
import type { ChannelMessage } from '../protocol/ws';
import { Subject } from 'rxjs';
import { keyed } from './keyed';
import { synced$ } from './synced';
import type { Transport } from './transport';

/** The REST calls the spot streams start from and poll; the app passes its axios client's. */
export interface SpotApi {
  openOrders(pair: string, size: number): Promise<SpotOrderPage>;
  balances(): Promise<Balance[]>;
}

export const ORDERS_CHANNEL = 'orders';
export const BALANCES_CHANNEL = 'balances';
/** Polling while the socket is down. */
export const SPOT_POLL_MS = { orders: 3000, balances: 3000 } as const;
export const OPEN_ORDERS_SIZE = 50;

const PENDING = 'app.data.order_pending';

/** The open orders of a pair with one order's update: a newer state replaces an older one (a late
 * poll never undoes a fill), finished orders leave the list, new ones go on top. */
export const applyOrder = (
  list: readonly SpotOrderView[],
  pair: string,
  o: SpotOrderView,
): SpotOrderView[] => {
  if (o.pair !== pair) return [...list];
  const current = list.find((c) => c.id === o.id);
  if (current && current.updatedAt > o.updatedAt) return [...list];
  const rest = list.filter((c) => c.id !== o.id);
  return o.status === PENDING ? [...rest, o].sort((a, b) => b.id - a.id) : rest;
};

/** The spot streams over the private channels: open orders of a pair, and the balances. */
export const createSpotStreams = ({ transport, api }: { transport: Transport; api: SpotApi }) => {
  const answers = new Subject<SpotOrderView>();
  const openOrders$ = keyed((pair: string) =>
    synced$<SpotOrderView[], SpotOrderView>(transport, {
      channel: ORDERS_CHANNEL,
      load: () => api.openOrders(pair, OPEN_ORDERS_SIZE).then((p) => p.list),
      apply: (state, msg: ChannelMessage<SpotOrderView>) => applyOrder(state, pair, msg.data),
      countsSeq: false,
      pollMs: SPOT_POLL_MS.orders,
      local$: answers,
    }),
  );
  const balances$ = keyed(() =>
    synced$<Balance[], Balance[]>(transport, {
      channel: BALANCES_CHANNEL,
      load: () => api.balances(),
      apply: (_state, msg) => msg.data,
      countsSeq: false,
      pollMs: SPOT_POLL_MS.balances,
    }),
  );
  /** An order as the server answered a place or cancel: the open orders show it at once. */
  const noteOrder = (order: SpotOrderView) => answers.next(order);
  return { openOrders$, balances$, noteOrder };
};
