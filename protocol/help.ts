import { z } from 'zod';
import { typedText } from './typedText';
import { LOCALES } from './locales';
import { rowId, rowIdParam } from './rowId';

/**
 * The help centre, notice detail, the operator's content editing and the in-app customer-service
 * thread. Content is stored per locale; a locale with none is served the English rows.
 */

const id = rowIdParam;
export const idQuerySchema = z.strictObject({ id });

export const HELP_CATEGORIES = ['account', 'wallet', 'trading', 'staking', 'security'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const helpArticleSummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

/** One article opened by its id, with the language it is written in (as `noticeDetailSchema`). */
export const helpArticleSchema = helpArticleSummarySchema.extend({
  body: z.string(),
  updatedAt: z.number().int(),
  locale: z.enum(LOCALES),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

// ---------- operator: notices, help articles, documents ----------

const locale = z.enum(LOCALES);
const title = typedText().min(1).max(200);
const text = typedText({ lines: true }).min(1).max(20_000);

export const adminLocaleQuerySchema = z.strictObject({ locale: locale.default('us') });

export const adminNoticeCreateSchema = z.strictObject({ locale, title, message: text });
export const adminNoticeUpdateSchema = z.strictObject({
  id: rowId,
  title: title.optional(),
  message: text.optional(),
});
export const adminDeleteSchema = z.strictObject({ id: rowId });

export const adminNoticeSchema = z.object({
  id: z.number().int(),
  locale: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.number().int(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminHelpCreateSchema = z.strictObject({
  locale,
  category: z.enum(HELP_CATEGORIES),
  title,
  body: text,
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export const adminHelpUpdateSchema = z.strictObject({
  id: rowId,
  category: z.enum(HELP_CATEGORIES).optional(),
  title: title.optional(),
  body: text.optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
});
export const adminHelpSchema = helpArticleSchema.extend({ locale: z.string(), sort: z.number().int() });
export type AdminHelp = z.infer<typeof adminHelpSchema>;

/** A document with a screen of its own (one per locale and type), replaced as a whole. */
export const adminDocumentSchema = z.strictObject({
  locale,
  type: z.enum(['aboutUs', 'serviceAgreement', 'msb']),
  title,
  body: text,
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

// ---------- customer service ----------

export const SERVICE_MESSAGE_MAX = 1000;
export const serviceMessageBody = typedText({ lines: true })
  .min(1, 'app.msg.field_required')
  .max(SERVICE_MESSAGE_MAX, 'app.msg.text_too_long');

export const serviceSendSchema = z.strictObject({ body: serviceMessageBody });
export type ServiceSendRequest = z.input<typeof serviceSendSchema>;

export const serviceMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the user, or customer service. */
  from: z.enum(['user', 'operator']),
  body: z.string(),
  createdAt: z.number().int(),
});
export type ServiceMessage = z.infer<typeof serviceMessageSchema>;

export const adminServiceThreadSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  lastMessage: z.string(),
  lastAt: z.number().int(),
  /** The user wrote last: the thread waits for an answer. */
  waiting: z.boolean(),
});
export type AdminServiceThread = z.infer<typeof adminServiceThreadSchema>;

export const adminServiceQuerySchema = z.strictObject({ userId: id });
export const adminServiceReplySchema = z.strictObject({
  userId: rowId,
  body: serviceMessageBody,
});
