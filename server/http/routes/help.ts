import { z } from 'zod';
import {
  noFieldsSchema,
  helpArticleSchema,
  helpArticleSummarySchema,
  idQuerySchema,
  noticeDetailSchema,
  serviceMessageSchema,
  serviceSendSchema,
} from '../../../protocol';
import type { Locale } from '../../../protocol/locales';
import type { Db } from '../../db/connect';
import {
  findHelp,
  findNotice,
  insertServiceMessage,
  listHelp,
  listServiceMessages,
  toNotice,
  translationOf,
} from '../../db/repos/help';
import { AppError } from '../../domain/appError';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** The help centre, one notice, and the user's customer-service thread. */
export const helpRoutes = (db: Db, now: () => number = Date.now) => {
  const k = db.kysely;
  return [
    defineRoute({
      method: 'GET',
      path: '/index/noticeDetail',
      tag: 'index',
      summary: 'One notice, in the reader’s language where it is translated',
      query: idQuerySchema,
      response: noticeDetailSchema,
      handler: async ({ query, locale }) => {
        const notice = await findNotice(k, await translationOf(k, 'notices', query.id, locale));
        if (!notice) throw new AppError('record_not_found');
        // Written in one language; the operator's locale was checked when it was written.
        return { ...toNotice(notice), locale: notice.locale as Locale };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/help/list',
      tag: 'help',
      summary: 'Help articles of the reader’s locale (English where it has none), by category',
      query: noFieldsSchema,
      response: z.array(helpArticleSummarySchema),
      handler: ({ locale }) => listHelp(k, locale),
    }),
    defineRoute({
      method: 'GET',
      path: '/help/detail',
      tag: 'help',
      summary: 'One help article, in the reader’s language where it is translated',
      query: idQuerySchema,
      response: helpArticleSchema,
      handler: async ({ query, locale }) => {
        const a = await findHelp(k, await translationOf(k, 'help_articles', query.id, locale));
        if (!a) throw new AppError('record_not_found');
        const { id, category, title, body, updatedAt } = a;
        return { id, category, title, body, updatedAt, locale: a.locale as Locale };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/service/messages',
      tag: 'service',
      summary: 'The user’s thread with customer service, oldest first',
      auth: 'user',
      query: noFieldsSchema,
      response: z.array(serviceMessageSchema),
      handler: ({ req }) => listServiceMessages(k, currentUser(req).user.id),
    }),
    defineRoute({
      method: 'POST',
      path: '/service/send',
      tag: 'service',
      summary: 'Write to customer service; answers the thread',
      auth: 'user',
      body: serviceSendSchema,
      response: z.array(serviceMessageSchema),
      handler: async ({ req, body }) => {
        const userId = currentUser(req).user.id;
        await insertServiceMessage(k, { userId, sender: 'user', operator: null, body: body.body }, now());
        return listServiceMessages(k, userId);
      },
    }),
  ];
};
