import { z } from 'zod';
import {
  noFieldsSchema,
  adminLoginSchema,
  adminTokenSchema,
  adminUserQuerySchema,
  adminUserSchema,
  adminVerificationQuerySchema,
  adminVerificationSchema,
  approveVerificationSchema,
  auditEntrySchema,
  auditQuerySchema,
  changePwdSchema,
  rejectVerificationSchema,
  userFlagsSchema,
} from '../../../protocol';
import type { AccountService } from '../../domain/accounts';
import { clientAddress } from '../rateLimits';
import {
  approveVerification,
  findUsers,
  listAudit,
  listVerifications,
  operatorLogin,
  rejectVerification,
  setUserFlags,
  type Actor,
} from '../../domain/operators';
import { changeOperatorPassword } from '../../domain/operators/account';
import { currentOperator } from '../auth';
import { defineRoute } from '../route';
import type { FastifyRequest } from 'fastify';

const actorOf = (req: FastifyRequest): Actor => {
  const { operator } = currentOperator(req);
  return { operatorId: operator.id, name: operator.username };
};

/** The operator API under /api/admin: operator accounts and tokens only (a user's token → 403). */
export const adminRoutes = (accounts: AccountService) => {
  const deps = accounts.deps;
  return [
    defineRoute({
      method: 'POST',
      path: '/admin/login',
      tag: 'admin',
      summary: 'Operator login',
      body: adminLoginSchema,
      response: adminTokenSchema,
      handler: ({ body, req }) => operatorLogin(deps, body, clientAddress(req)),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/logout',
      tag: 'admin',
      auth: 'operator',
      summary: 'Operator logout: the token stops working',
      body: noFieldsSchema,
      response: z.object({}),
      handler: async ({ req }) => {
        await accounts.logout(currentOperator(req).sessionId);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/password',
      tag: 'admin',
      auth: 'operator',
      summary: 'The operator changes their own password; their other sessions end',
      body: changePwdSchema,
      response: z.object({}),
      handler: async ({ req, body }) => {
        await changeOperatorPassword(deps, currentOperator(req), body);
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/verifications',
      tag: 'admin',
      auth: 'operator',
      summary:
        'Real-name verifications of a status (default pending), with image URLs, a page at a time (pending oldest first, the rest newest first), of one user when `user` gives their id or username',
      query: adminVerificationQuerySchema,
      response: z.array(adminVerificationSchema),
      handler: ({ query }) => listVerifications(deps, query),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/verifications/approve',
      tag: 'admin',
      auth: 'operator',
      summary: 'Approve a pending verification',
      body: approveVerificationSchema,
      response: adminVerificationSchema,
      handler: ({ body, req }) => approveVerification(deps, actorOf(req), body.id),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/verifications/reject',
      tag: 'admin',
      auth: 'operator',
      summary: 'Reject a pending verification with a reason the user sees',
      body: rejectVerificationSchema,
      response: adminVerificationSchema,
      handler: ({ body, req }) => rejectVerification(deps, actorOf(req), body.id, body.reason),
    }),
    defineRoute({
      method: 'POST',
      path: '/admin/users/flags',
      tag: 'admin',
      auth: 'operator',
      summary: 'Disable trading, prohibit withdrawal or lock an account (and undo)',
      body: userFlagsSchema,
      response: adminUserSchema,
      handler: async ({ body, req }) => (await setUserFlags(deps, actorOf(req), body)).user,
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/users',
      tag: 'admin',
      auth: 'operator',
      summary:
        'Find users by id, or part of username, nickname, email or phone, newest first, a page at a time',
      query: adminUserQuerySchema,
      response: z.array(adminUserSchema),
      handler: ({ query }) => findUsers(deps, query.query, query),
    }),
    defineRoute({
      method: 'GET',
      path: '/admin/audit',
      tag: 'admin',
      auth: 'operator',
      summary: 'The operator audit log, newest first; of one record when `target` names it (user:5)',
      query: auditQuerySchema,
      response: z.array(auditEntrySchema),
      handler: ({ query }) => listAudit(deps, query.limit, query.before, query.target),
    }),
  ];
};
