import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accrualResultSchema,
  adminCarouselCreateSchema,
  adminCarouselSchema,
  adminCarouselUpdateSchema,
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
  adminPopupCreateSchema,
  adminPopupSchema,
  adminPopupUpdateSchema,
  adminPledgeSchema,
  adminServiceQuerySchema,
  adminServiceReplySchema,
  adminServiceThreadSchema,
  adminServiceThreadsQuerySchema,
  adminUpdateProductSchema,
  contentItemSchema,
  defiProductSchema,
  noFieldsSchema,
  serviceMessageSchema,
  type Locale,
} from '../../../protocol';
import {
  carousel,
  helpArticles,
  notices,
  popups,
  replyToUser,
  saveDocument,
  userThread,
} from '../../content/admin';
import { carouselRows, popupRows } from '../../db/repos/homeContent';
import type { Db } from '../../db/connect';
import { listHelpAdmin, listNoticesAdmin, listServiceThreads } from '../../db/repos/help';
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

interface Editor<C extends z.ZodType, U extends z.ZodType> {
  create(db: Db, actor: Actor, input: z.output<C>): Promise<unknown>;
  edit(db: Db, actor: Actor, input: z.output<U>): Promise<unknown>;
  remove(db: Db, actor: Actor, id: number): Promise<null>;
}

/**
 * List (GET ?locale=), create (POST), edit (PUT) and delete (DELETE {id}) of one kind of content
 * at `path`. `changed` runs after each change that committed.
 */
const editableRoutes = <C extends z.ZodType, U extends z.ZodType>(
  db: Db,
  area: {
    path: string;
    summaries: { list: string; create: string; edit: string; remove: string };
    schemas: { create: C; update: U; row: z.ZodType };
    list: (locale: Locale) => Promise<unknown[]>;
    editor: Editor<C, U>;
    changed?: (() => void) | undefined;
  },
) => {
  const { path, summaries, schemas, editor } = area;
  const after = async <T>(work: Promise<T>) => {
    const result = await work;
    area.changed?.();
    return result;
  };
  return [
    defineRoute({
      ...op,
      method: 'GET',
      path,
      summary: summaries.list,
      query: adminLocaleQuerySchema,
      response: z.array(schemas.row),
      handler: ({ query }) => area.list(query.locale),
    }),
    defineRoute({
      ...op,
      method: 'POST',
      path,
      summary: summaries.create,
      body: schemas.create,
      response: schemas.row,
      handler: ({ req, body }) => after(editor.create(db, actorOf(req), body)),
    }),
    defineRoute({
      ...op,
      method: 'PUT',
      path,
      summary: summaries.edit,
      body: schemas.update,
      response: schemas.row,
      handler: ({ req, body }) => after(editor.edit(db, actorOf(req), body)),
    }),
    defineRoute({
      ...op,
      method: 'DELETE',
      path,
      summary: summaries.remove,
      body: adminDeleteSchema,
      response: z.null(),
      handler: ({ req, body }) => after(editor.remove(db, actorOf(req), body.id)),
    }),
  ];
};

/**
 * Operator API for staking products, content (notices, help, home pop-ups and carousel,
 * documents) and customer service. `onCarouselChange` runs after each carousel change (the pages'
 * boot data forgets the carousel it keeps).
 */
export const contentAdminRoutes = (db: Db, staking: Staking, onCarouselChange?: () => void) => [
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/defi/products',
    summary: 'Every staking product, enabled or not',
    query: noFieldsSchema,
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
    body: noFieldsSchema,
    response: accrualResultSchema,
    handler: () => staking.accrue(),
  }),
  ...editableRoutes(db, {
    path: '/admin/notices',
    summaries: {
      list: 'Notices of one locale, newest first',
      create: 'Publish a notice in one locale',
      edit: 'Edit a notice',
      remove: 'Delete a notice',
    },
    schemas: { create: adminNoticeCreateSchema, update: adminNoticeUpdateSchema, row: adminNoticeSchema },
    list: (locale) => listNoticesAdmin(db.kysely, locale),
    editor: notices,
  }),
  ...editableRoutes(db, {
    path: '/admin/help',
    summaries: {
      list: 'Help articles of one locale',
      create: 'Add a help article in one locale',
      edit: 'Edit a help article',
      remove: 'Delete a help article',
    },
    schemas: { create: adminHelpCreateSchema, update: adminHelpUpdateSchema, row: adminHelpSchema },
    list: (locale) => listHelpAdmin(db.kysely, locale),
    editor: helpArticles,
  }),
  ...editableRoutes(db, {
    path: '/admin/popups',
    summaries: {
      list: 'Home pop-ups of one locale, in the order shown (sort, then oldest first)',
      create: 'Add a home pop-up in one locale (last unless given a sort)',
      edit: 'Edit a home pop-up',
      remove: 'Delete a home pop-up',
    },
    schemas: { create: adminPopupCreateSchema, update: adminPopupUpdateSchema, row: adminPopupSchema },
    list: (locale) => popupRows.list(db.kysely, locale),
    editor: popups,
  }),
  ...editableRoutes(db, {
    path: '/admin/carousel',
    summaries: {
      list: 'Home carousel slides of one locale, in the order shown (sort, then oldest first)',
      create: 'Add a carousel slide in one locale (last unless given a sort)',
      edit: 'Edit a carousel slide',
      remove: 'Delete a carousel slide',
    },
    schemas: {
      create: adminCarouselCreateSchema,
      update: adminCarouselUpdateSchema,
      row: adminCarouselSchema,
    },
    list: (locale) => carouselRows.list(db.kysely, locale),
    editor: carousel,
    // The home page carries the carousel in its boot data, read through a short cache.
    changed: onCarouselChange,
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
    summary: 'Customer-service threads, newest first, a page at a time; waiting = the user wrote last',
    query: adminServiceThreadsQuerySchema,
    response: z.array(adminServiceThreadSchema),
    handler: ({ query }) =>
      listServiceThreads(db.kysely, { offset: (query.page - 1) * query.size, limit: query.size }),
  }),
  defineRoute({
    ...op,
    method: 'GET',
    path: '/admin/service/messages',
    summary: 'One user’s thread',
    query: adminServiceQuerySchema,
    response: z.array(serviceMessageSchema),
    handler: ({ query }) => userThread(db, query.userId),
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
