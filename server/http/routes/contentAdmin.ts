import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accrualResultSchema,
  adminCreateProductSchema,
  adminDeleteSchema,
  adminDocumentSchema,
  adminHelpCreateSchema,
  adminHelpSchema,
  adminHelpUpdateSchema,
  adminLocaleQuerySchema,
  adminNoticeCreateSchema,
  adminNoticeSchema,
  adminNoticeUpdateSchema,
  adminPledgeQuerySchema,
  adminPledgeSchema,
  adminServiceQuerySchema,
  adminServiceReplySchema,
  adminServiceThreadSchema,
  adminUpdateProductSchema,
  contentItemSchema,
  defiProductSchema,
  emptyQuerySchema,
  serviceMessageSchema,
} from '../../../protocol';
import {
  createHelp,
  createNotice,
  editHelp,
  editNotice,
  removeHelp,
  removeNotice,
  replyToUser,
  saveDocument,
} from '../../content/admin';
import type { Db } from '../../db/connect';
import {
  listHelpAdmin,
  listNoticesAdmin,
  listServiceMessages,
  listServiceThreads,
} from '../../db/repos/help';
import type { Actor } from '../../domain/operators';
import { createProduct, listAllPledges, listAllProducts, updateProductTerms } from '../../staking/admin';
import type { Staking } from '../../staking/service';
import { currentOperator } from '../auth';
import { defineRoute } from '../route';

const actorOf = (req: FastifyRequest): Actor => {
  const { operator } = currentOperator(req);
  return { operatorId: operator.id, name: operator.username };
};

const op = { tag: 'admin', auth: 'operator' as const };

/** Operator API for staking products, content (notices, help, documents) and customer service. */
export const contentAdminRoutes = (db: Db, staking: Staking) => [
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/defi/products',
    summary: 'Every staking product, enabled or not',
    query: emptyQuerySchema,
    response: z.array(defiProductSchema),
    handler: () => listAllProducts(db),
  }),
  defineRoute({
    ...op,
    method: 'POST',
    path: '/admin/defi/products',
    summary: 'Create a staking product (dailyYield in percent)',
    body: adminCreateProductSchema,
    response: defiProductSchema,
    handler: ({ req, body }) => createProduct(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'PUT',
    path: '/admin/defi/products',
    summary: 'Change a staking product; pledges already made keep their terms',
    body: adminUpdateProductSchema,
    response: defiProductSchema,
    handler: ({ req, body }) => updateProductTerms(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/defi/pledges',
    summary: 'Pledges of every user, newest first',
    query: adminPledgeQuerySchema,
    response: z.array(adminPledgeSchema),
    handler: ({ query }) => listAllPledges(db, query),
  }),
  defineRoute({
    ...op,
    method: 'POST',
    path: '/admin/defi/accrue',
    summary: 'Release whatever income is due now (the job does this every minute; idempotent)',
    body: z.strictObject({}),
    response: accrualResultSchema,
    handler: () => staking.accrue(),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/notices',
    summary: 'Notices of one locale',
    query: adminLocaleQuerySchema,
    response: z.array(adminNoticeSchema),
    handler: ({ query }) => listNoticesAdmin(db.kysely, query.locale),
  }),
  defineRoute({
    ...op,
    method: 'POST',
    path: '/admin/notices',
    summary: 'Publish a notice in one locale',
    body: adminNoticeCreateSchema,
    response: adminNoticeSchema,
    handler: ({ req, body }) => createNotice(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'PUT',
    path: '/admin/notices',
    summary: 'Edit a notice',
    body: adminNoticeUpdateSchema,
    response: adminNoticeSchema,
    handler: ({ req, body }) => editNotice(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'DELETE',
    path: '/admin/notices',
    summary: 'Delete a notice',
    body: adminDeleteSchema,
    response: z.null(),
    handler: ({ req, body }) => removeNotice(db, actorOf(req), body.id),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/help',
    summary: 'Help articles of one locale',
    query: adminLocaleQuerySchema,
    response: z.array(adminHelpSchema),
    handler: ({ query }) => listHelpAdmin(db.kysely, query.locale),
  }),
  defineRoute({
    ...op,
    method: 'POST',
    path: '/admin/help',
    summary: 'Add a help article in one locale',
    body: adminHelpCreateSchema,
    response: adminHelpSchema,
    handler: ({ req, body }) => createHelp(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'PUT',
    path: '/admin/help',
    summary: 'Edit a help article',
    body: adminHelpUpdateSchema,
    response: adminHelpSchema,
    handler: ({ req, body }) => editHelp(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'DELETE',
    path: '/admin/help',
    summary: 'Delete a help article',
    body: adminDeleteSchema,
    response: z.null(),
    handler: ({ req, body }) => removeHelp(db, actorOf(req), body.id),
  }),
  defineRoute({
    ...op,
    method: 'PUT',
    path: '/admin/documents',
    summary: 'Replace the about-us, service-agreement or MSB document of one locale',
    body: adminDocumentSchema,
    response: contentItemSchema,
    handler: ({ req, body }) => saveDocument(db, actorOf(req), body),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/service/threads',
    summary: 'Customer-service threads, newest first; waiting = the user wrote last',
    query: emptyQuerySchema,
    response: z.array(adminServiceThreadSchema),
    handler: () => listServiceThreads(db.kysely),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/service/messages',
    summary: 'One user’s thread',
    query: adminServiceQuerySchema,
    response: z.array(serviceMessageSchema),
    handler: ({ query }) => listServiceMessages(db.kysely, query.userId),
  }),
  defineRoute({
    ...op,
    method: 'POST',
    path: '/admin/service/reply',
    summary: 'Answer a user in their thread',
    body: adminServiceReplySchema,
    response: z.array(serviceMessageSchema),
    handler: ({ req, body }) => replyToUser(db, actorOf(req), body.userId, body.body),
  }),
];
