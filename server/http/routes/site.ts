import { z } from 'zod';
import {
  carouselItemSchema,
  coinPairSchema,
  contentItemSchema,
  contentQuerySchema,
  noFieldsSchema,
  globalConfigSchema,
  noticeSchema,
  popupSchema,
} from '../../../protocol';
import type { Db } from '../../db/connect';
import { listCarousel, listContent, listNotices, listPairs, listPopups } from '../../db/repos/content';
import { readGlobalConfig } from '../../db/repos/siteConfig';
import { defineRoute } from '../route';

/** Public site content under /api/index: config, coin list, pop-ups, carousel, home content, notices. */
export const siteRoutes = (db: Db) => {
  const k = db.kysely;
  return [
    defineRoute({
      method: 'GET',
      path: '/index/config',
      tag: 'index',
      summary: 'Global config',
      query: noFieldsSchema,
      response: globalConfigSchema,
      handler: () => readGlobalConfig(k),
    }),
    defineRoute({
      method: 'GET',
      path: '/index/coinlist',
      tag: 'index',
      summary: 'Listed coin pairs',
      query: noFieldsSchema,
      response: z.array(coinPairSchema),
      handler: () => listPairs(k),
    }),
    defineRoute({
      method: 'GET',
      path: '/index/popups',
      tag: 'index',
      summary: 'Pop-up notices for the reader’s locale',
      query: noFieldsSchema,
      response: z.array(popupSchema),
      handler: ({ locale }) => listPopups(k, locale),
    }),
    defineRoute({
      method: 'GET',
      path: '/index/carousel',
      tag: 'index',
      summary: 'Home carousel',
      query: noFieldsSchema,
      response: z.array(carouselItemSchema),
      handler: ({ locale }) => listCarousel(k, locale),
    }),
    defineRoute({
      method: 'GET',
      path: '/index/content',
      tag: 'index',
      summary: 'Home blocks and site documents, optionally of one type',
      query: contentQuerySchema,
      response: z.array(contentItemSchema),
      handler: ({ locale, query }) => listContent(k, locale, query.type),
    }),
    defineRoute({
      method: 'GET',
      path: '/index/notice',
      tag: 'index',
      summary: 'Notices, newest first',
      query: noFieldsSchema,
      response: z.array(noticeSchema),
      handler: ({ locale }) => listNotices(k, locale),
    }),
  ];
};
