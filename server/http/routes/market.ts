import { z } from 'zod';
import {
  depthQuerySchema,
  depthSnapshotSchema,
  noFieldsSchema,
  klineQuerySchema,
  klineSchema,
  pairInfoSchema,
  tickerSchema,
  tradeSchema,
  tradesQuerySchema,
} from '../../../protocol';
import type { Market } from '../../market/market';
import { AppError } from '../../domain/appError';
import { defineRoute } from '../route';

/** Public market data under /api/market: the REST snapshots the live streams start from and fall
 * back to while the socket is down. Read-only: nothing here sets a price. */
export const marketRoutes = (market: Market) => {
  const listed = (pair: string) => {
    if (!market.has(pair)) throw new AppError('currency_not_exist', { field: 'pair' });
    return pair;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/market/pairs',
      tag: 'market',
      summary: 'Listed pairs with their price and quantity precision',
      query: noFieldsSchema,
      response: z.array(pairInfoSchema),
      handler: () => market.pairs(),
    }),
    defineRoute({
      method: 'GET',
      path: '/market/tickers',
      tag: 'market',
      summary: 'Rolling 24h statistics of every pair',
      query: noFieldsSchema,
      response: z.array(tickerSchema),
      handler: () => market.tickers(),
    }),
    defineRoute({
      method: 'GET',
      path: '/market/kline',
      tag: 'market',
      summary: 'Candles of a pair, oldest first; `before` pages back through history',
      query: klineQuerySchema,
      response: z.array(klineSchema),
      handler: ({ query }) => market.klines(listed(query.pair), query.interval, query.limit, query.before),
    }),
    defineRoute({
      method: 'GET',
      path: '/market/depth',
      tag: 'market',
      summary: 'Order book levels of a pair with their update id (`seq`)',
      query: depthQuerySchema,
      response: depthSnapshotSchema,
      handler: ({ query }) => market.depth(listed(query.pair), query.limit),
    }),
    defineRoute({
      method: 'GET',
      path: '/market/trades',
      tag: 'market',
      summary: 'Recent prints of a pair, newest first',
      query: tradesQuerySchema,
      response: z.array(tradeSchema),
      handler: ({ query }) => market.trades(listed(query.pair), query.limit),
    }),
  ];
};
