import {
  cancelRequestSchema,
  orderDetailQuerySchema,
  orderListQuerySchema,
  orderRequestSchema,
  spotOrderDetailSchema,
  spotOrderPageSchema,
  spotOrderSchema,
  spotPairRulesSchema,
  spotRulesQuerySchema,
  type SpotOrderView,
} from '../../../protocol';
import type { SpotService } from '../../spot/service';
import type { Json } from '../../wire/jsonText';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** Spot orders (spec §7 paths): place, cancel, records and detail. */
export const spotRoutes = (spot: SpotService<Json<SpotOrderView>>) => [
  ...(['buy', 'sell'] as const).map((side) =>
    defineRoute({
      method: 'POST',
      path: `/cointransaction/order${side}`,
      tag: 'spot',
      summary: `Places a ${side} order (limit or market); limit failures answer ${side === 'buy' ? 2001 : 2002} with {message, value}; the same order sent again with its clientOid answers the first result, another order under it is client_oid_used`,
      auth: 'user',
      body: orderRequestSchema,
      response: spotOrderSchema,
      handler: ({ req, body }) => spot.place(currentUser(req).user, side, body),
    }),
  ),
  defineRoute({
    method: 'POST',
    path: '/cointransaction/cancel',
    tag: 'spot',
    summary:
      'Cancels an open order, named by id or clientOid, and releases its funds; a finished order is answered as it is',
    auth: 'user',
    body: cancelRequestSchema,
    response: spotOrderSchema,
    handler: async ({ req, body }) => {
      const userId = currentUser(req).user.id;
      return spot.cancel(userId, await spot.idOf(userId, body));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/cointransaction/list',
    tag: 'spot',
    summary: 'The reader\u2019s orders, newest first: open, all or history, with a status filter',
    auth: 'user',
    query: orderListQuerySchema,
    response: spotOrderPageSchema,
    handler: ({ req, query }) => spot.list(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/cointransaction/detail',
    tag: 'spot',
    summary: 'One order, named by id or clientOid, with its fills, fee, deal price and deal amount',
    auth: 'user',
    query: orderDetailQuerySchema,
    response: spotOrderDetailSchema,
    handler: async ({ req, query }) => {
      const userId = currentUser(req).user.id;
      return spot.detail(userId, await spot.idOf(userId, query));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/cointransaction/rules',
    tag: 'spot',
    summary: 'A pair\u2019s trading rules: switch, minimum amount, fees and price band',
    query: spotRulesQuerySchema,
    response: spotPairRulesSchema,
    handler: ({ query }) => spot.rules(query.pair),
  }),
];
