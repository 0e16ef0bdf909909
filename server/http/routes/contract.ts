import { z } from 'zod';
import {
  contractConfigUpdateSchema,
  contractDetailQuerySchema,
  contractInfoSchema,
  contractListQuerySchema,
  contractOrderRequestSchema,
  contractOrderSchema,
  contractPageSchema,
  contractPairConfigSchema,
  noFieldsSchema,
} from '../../../protocol';
import type { ContractService } from '../../domain/contracts/service';
import { currentOperator, currentUser } from '../auth';
import { defineRoute } from '../route';

/** Timed up/down contracts under /api/contract. Nothing here, or in the operator routes below,
 * sets a price or an outcome: settlement reads the recorded feed only. */
export const contractRoutes = (contracts: ContractService) => [
  defineRoute({
    method: 'GET',
    path: '/contract/info',
    tag: 'contract',
    summary:
      'Pairs open for contracts with their cycles, payout rates and limits; direction and status names',
    query: noFieldsSchema,
    response: contractInfoSchema,
    handler: () => contracts.info(),
  }),
  defineRoute({
    method: 'POST',
    path: '/contract/order',
    tag: 'contract',
    summary:
      'Open a contract (buy up or buy down); a repeated requestKey answers the first one, another contract under it is request_key_used',
    auth: 'user',
    body: contractOrderRequestSchema,
    response: contractOrderSchema,
    handler: ({ req, body }) => contracts.place(currentUser(req).user, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/contract/list',
    tag: 'contract',
    summary:
      "The reader's contracts in progress or settled, newest first, by page or (`before`) those opened before a given one",
    auth: 'user',
    query: contractListQuerySchema,
    response: contractPageSchema,
    handler: ({ req, query }) => contracts.list(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/contract/detail',
    tag: 'contract',
    summary: 'One contract with its receipt: the recorded opening and closing ticks',
    auth: 'user',
    query: contractDetailQuerySchema,
    response: contractOrderSchema,
    handler: ({ req, query }) => contracts.detail(currentUser(req).user.id, query.id),
  }),
];

/** The operator's contract settings: switch a pair on or off, set its cycles (audited). */
export const contractAdminRoutes = (contracts: ContractService) => [
  defineRoute({
    method: 'GET',
    path: '/admin/contract/config',
    tag: 'admin',
    auth: 'operator',
    summary: 'Contract settings of every listed pair',
    query: noFieldsSchema,
    response: z.array(contractPairConfigSchema),
    handler: () => contracts.settingsList(),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/contract/config',
    tag: 'admin',
    auth: 'operator',
    summary: "Switch a pair's contracts on or off and/or replace its cycles",
    body: contractConfigUpdateSchema,
    response: contractPairConfigSchema,
    handler: ({ req, body }) => {
      const { operator } = currentOperator(req);
      return contracts.configure({ operatorId: operator.id, name: operator.username }, body);
    },
  }),
];
