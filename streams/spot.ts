import type { Balance } from '../protocol/assets';
import type { SpotOrderPage, SpotOrderView } from '../protocol/spot';
import type { ChannelMessage } from '../protocol/ws';
import { Subject, filter, map } from 'rxjs';
import { keyed } from './keyed';
import { GAP, type Step } from './reducers';
import { synced$ } from './synced';
import type { Transport } from './transport';

/** The REST calls the spot streams start from and poll; the app passes its axios client's. */
export interface SpotApi {
  openOrders(pair: string, size: number): Promise<SpotOrderPage>;
  balances(): Promise<Balance[]>;
}

export const ORDERS_CHANNEL = 'orders';
const BALANCES_CHANNEL = 'balances';
/** Polling while the socket is down. */
export const SPOT_POLL_MS = { orders: 3000, balances: 3000 } as const;
/** Open orders of a pair the trade screen holds at most: the newest; the rest are counted. */
export const OPEN_ORDERS_SIZE = 50;

const PENDING = 'app.data.order_pending';

/** A pair's open orders as the trade screen shows them: the newest (at most OPEN_ORDERS_SIZE),
 * newest first, and how many the pair has in all. */
export interface PairOpenOrders {
  list: SpotOrderView[];
  total: number;
}

/** The open orders of a pair with one order's update: a newer state replaces an older one (a late
 * poll never undoes a fill), finished orders leave the list and the count, new ones go on top and
 * push the oldest held out of the list (still counted). An order older than every one held, while
 * some are not held, is one of those: it counts only by finishing. */
export const applyOrder = (state: PairOpenOrders, pair: string, o: SpotOrderView): Step<PairOpenOrders> => {
  if (o.pair !== pair) return state;
  const { list, total } = state;
  const open = o.status === PENDING;
  const current = list.find((c) => c.id === o.id);
  if (current && current.updatedAt > o.updatedAt) return state;
  if (!current) {
    const oldest = list[list.length - 1];
    const unheld = total > list.length && (!oldest || o.id < oldest.id);
    if (unheld) return open ? state : { list, total: total - 1 };
    if (!open) return state;
  }
  const rest = list.filter((c) => c.id !== o.id);
  if (!open) {
    // The last held gone while others are open: fetch the next ones rather than show none.
    return rest.length === 0 && total > 1 ? GAP : { list: rest, total: total - 1 };
  }
  const next = [...rest, o].sort((a, b) => b.id - a.id);
  return { list: next.slice(0, OPEN_ORDERS_SIZE), total: current ? total : total + 1 };
};

/** The spot streams over the private channels: open orders of a pair, and the balances. Each is
 * one a login (keyed by its token, as the service thread is): someone logging in on this device
 * just after another, within a stream's keep-alive, is shown none of the other's figures. */
export const createSpotStreams = ({ transport, api }: { transport: Transport; api: SpotApi }) => {
  const answers = new Subject<{ login: string; order: SpotOrderView }>();
  const openOrders$ = keyed((login: string, pair: string) =>
    synced$<PairOpenOrders, SpotOrderView>(transport, {
      channel: ORDERS_CHANNEL,
      load: () => api.openOrders(pair, OPEN_ORDERS_SIZE).then(({ list, total }) => ({ list, total })),
      apply: (state, msg: ChannelMessage<SpotOrderView>) => applyOrder(state, pair, msg.data),
      countsSeq: false,
      pollMs: SPOT_POLL_MS.orders,
      local$: answers.pipe(
        filter((a) => a.login === login),
        map((a) => a.order),
      ),
    }),
  );
  const balances$ = keyed((login: string) =>
    synced$<Balance[], Balance[]>(transport, {
      channel: BALANCES_CHANNEL,
      load: () => api.balances(),
      apply: (_state, msg) => msg.data,
      countsSeq: false,
      pollMs: SPOT_POLL_MS.balances,
      // An order placed or cancelled moves the balances it is paid from.
      refresh$: answers.pipe(filter((a) => a.login === login)),
    }),
  );
  /** An order as the server answered a place or cancel: that login's open orders show it at once. */
  const noteOrder = (login: string, order: SpotOrderView) => answers.next({ login, order });
  return { openOrders$, balances$, noteOrder };
};
