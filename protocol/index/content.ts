import { z } from 'zod';
import { LOCALES } from '../locales';

export const coinPairSchema = z.object({
  tradecoin: z.string(),
  settlecoin: z.string(),
  name: z.string(),
});
export type CoinPair = z.infer<typeof coinPairSchema>;

export const popupSchema = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
export type Popup = z.infer<typeof popupSchema>;

export const carouselItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

/** Kinds of content the site keeps per locale. Home blocks are shown on /home; the documents
 * (about us, service agreement, MSB approval) each have their own screen. */
export const CONTENT_TYPES = ['home', 'aboutUs', 'serviceAgreement', 'msb'] as const;
export const contentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof contentTypeSchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  type: contentTypeSchema,
  title: z.string(),
  body: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentQuerySchema = z.strictObject({ type: contentTypeSchema.optional() });

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** UTC milliseconds. */
  createdAt: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** One notice opened by its id, with the language it is written in: an address shared by a reader
 * of another language opens it as written, marked so (`lang`) for the browser and screen readers. */
export const noticeDetailSchema = noticeSchema.extend({ locale: z.enum(LOCALES) });
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const healthSchema = z.object({ status: z.literal('up'), serverTime: z.number().int() });
export type Health = z.infer<typeof healthSchema>;

/** The `data` of `/api/health`'s 503 (`service_unavailable`): the server runs but its database
 * cannot be reached, so it can answer almost nothing. */
export const HEALTH_DATABASE_DOWN = 'database_unreachable';
export interface HealthDown {
  status: typeof HEALTH_DATABASE_DOWN;
  serverTime: number;
}
