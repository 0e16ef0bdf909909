import { z } from 'zod';
import { balanceSchema, noFieldsSchema, financPageSchema, financQuerySchema } from '../../../protocol';
import type { Ledger } from '../../domain/ledger/ledger';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** The user's balances and the journal of their changes. */
export const assetsRoutes = (ledger: Ledger) => [
  defineRoute({
    method: 'GET',
    path: '/assets/balances',
    tag: 'assets',
    summary: 'Balances per asset: available and frozen',
    auth: 'user',
    query: noFieldsSchema,
    response: z.array(balanceSchema),
    handler: ({ req }) => ledger.balances(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/assets/financ',
    tag: 'assets',
    summary: 'Financial records: the journal of balance changes, newest first, with a type filter',
    auth: 'user',
    query: financQuerySchema,
    response: financPageSchema,
    handler: ({ req, query }) => ledger.financ(currentUser(req).user.id, query),
  }),
];
