import { z } from 'zod';
import {
  adminDepositQuerySchema,
  adminDepositSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  approveWithdrawalSchema,
  confirmDepositSchema,
  noFieldsSchema,
  networkConfigPatchSchema,
  failDepositSchema,
  refuseWithdrawalSchema,
  walletNetworkSchema,
} from '../../../protocol';
import type { Actor } from '../../domain/operators';
import type { Wallet } from '../../domain/wallet/service';
import { currentOperator } from '../auth';
import { defineRoute } from '../route';
import type { FastifyRequest } from 'fastify';

const actorOf = (req: FastifyRequest): Actor => {
  const { operator } = currentOperator(req);
  return { operatorId: operator.id, name: operator.username };
};

/** The operator's side of the wallet under /api/admin: deposits to confirm or fail, withdrawals to
 * approve, reject or fail, and the per-network settings. Every change is audited. */
export const adminWalletRoutes = (wallet: Wallet) => [
  defineRoute({
    method: 'GET',
    path: '/admin/deposits',
    tag: 'admin',
    auth: 'operator',
    summary:
      'Deposits of a status (all when absent): pending and confirming oldest first, the rest newest first',
    query: adminDepositQuerySchema,
    response: z.array(adminDepositSchema),
    handler: ({ query }) => wallet.adminDeposits(query.status, query),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/deposits/confirm',
    tag: 'admin',
    auth: 'operator',
    summary:
      'Confirm a deposit (with the amount on chain when it differs; more than declared only with moreThanDeclared): credited once',
    body: confirmDepositSchema,
    response: adminDepositSchema,
    handler: ({ req, body }) =>
      wallet.confirmDeposit(actorOf(req), body.id, body.amount, body.moreThanDeclared),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/deposits/fail',
    tag: 'admin',
    auth: 'operator',
    summary: 'Mark a deposit failed (nothing credited)',
    body: failDepositSchema,
    response: adminDepositSchema,
    handler: ({ req, body }) => wallet.failDeposit(actorOf(req), body.id, body.reason),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/withdrawals',
    tag: 'admin',
    auth: 'operator',
    summary: 'Withdrawals of a status (all when absent): pending oldest first, the rest newest first',
    query: adminWithdrawalQuerySchema,
    response: z.array(adminWithdrawalSchema),
    handler: ({ query }) => wallet.adminWithdrawals(query.status, query),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/withdrawals/approve',
    tag: 'admin',
    auth: 'operator',
    summary: 'Approve a pending withdrawal: the frozen amount is spent, the fee collected',
    body: approveWithdrawalSchema,
    response: adminWithdrawalSchema,
    handler: ({ req, body }) => wallet.approveWithdrawal(actorOf(req), body.id, body.txHash),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/withdrawals/reject',
    tag: 'admin',
    auth: 'operator',
    summary: 'Reject a pending withdrawal: the frozen amount is released',
    body: refuseWithdrawalSchema,
    response: adminWithdrawalSchema,
    handler: ({ req, body }) => wallet.rejectWithdrawal(actorOf(req), body.id, body.reason),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/withdrawals/fail',
    tag: 'admin',
    auth: 'operator',
    summary: 'Mark a pending withdrawal failed: the frozen amount is released',
    body: refuseWithdrawalSchema,
    response: adminWithdrawalSchema,
    handler: ({ req, body }) => wallet.failWithdrawal(actorOf(req), body.id, body.reason),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/wallet/networks',
    tag: 'admin',
    auth: 'operator',
    summary: 'Every coin and network with its deposit address, limits, fee and switches',
    query: noFieldsSchema,
    response: z.array(walletNetworkSchema),
    handler: () => wallet.networks(),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/wallet/networks',
    tag: 'admin',
    auth: 'operator',
    summary: 'Change the settings of a coin on a network',
    body: networkConfigPatchSchema,
    response: walletNetworkSchema,
    handler: ({ req, body }) => wallet.updateNetwork(actorOf(req), body),
  }),
];
