import { z } from 'zod';
import {
  defiDetailQuerySchema,
  defiProductSchema,
  earningsSchema,
  noFieldsSchema,
  incomeListQuerySchema,
  incomePageSchema,
  pledgeListQuerySchema,
  pledgePageSchema,
  pledgeRecordSchema,
  pledgeRequestSchema,
} from '../../../protocol';
import type { Staking } from '../../staking/service';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** Staking for the logged-in user under /api/defi. */
export const defiRoutes = (staking: Staking) => [
  defineRoute({
    method: 'GET',
    path: '/defi/products',
    tag: 'defi',
    summary: 'Staking products on offer, with how many times the user has bought each',
    auth: 'user',
    query: noFieldsSchema,
    response: z.array(defiProductSchema),
    handler: ({ req }) => staking.products(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/defi/detail',
    tag: 'defi',
    summary: 'One staking product',
    auth: 'user',
    query: defiDetailQuerySchema,
    response: defiProductSchema,
    handler: ({ req, query }) => staking.product(currentUser(req).user.id, query.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/defi/pledge',
    tag: 'defi',
    summary:
      'Pledge an amount: outside_limit (min/max), investment_exceeds_limit (remaining quota), ' +
      'no_purchase_times, verification_required or verification_pending, insufficient_balance',
    auth: 'user',
    body: pledgeRequestSchema,
    response: pledgeRecordSchema,
    handler: ({ req, body }) => {
      const { user } = currentUser(req);
      return staking.pledge(user, body.productId, body.amount, body.requestKey ?? null);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/defi/pledgeRecord',
    tag: 'defi',
    summary: 'The user’s pledges, newest first, optionally earning or settled',
    auth: 'user',
    query: pledgeListQuerySchema,
    response: pledgePageSchema,
    handler: ({ req, query }) => staking.pledges(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/defi/incomeRecord',
    tag: 'defi',
    summary: 'Each daily income release, newest first',
    auth: 'user',
    query: incomeListQuerySchema,
    response: incomePageSchema,
    handler: ({ req, query }) => staking.income(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/defi/earnings',
    tag: 'defi',
    summary: 'Per asset: principal pledged, today’s, cumulative and projected income',
    auth: 'user',
    query: noFieldsSchema,
    response: earningsSchema,
    handler: ({ req }) => staking.earnings(currentUser(req).user.id),
  }),
];
