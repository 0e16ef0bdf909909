import { z } from 'zod';
import { typedText } from './typedText';
import { LOCALES } from './locales';
import { rowId, rowIdParam } from './rowId';
import { siteLink } from './index/config';
import { carouselItemSchema, popupSchema } from './index/content';
import { SERVICE_CHANNEL } from './ws';
import { channelMessageSchema } from './wsSchema';
import { adminPage } from './wallet';
import { edit } from './adminEdit';

/**
 * The help centre, notice detail, the operator's content editing and the in-app customer-service
 * thread. Content is stored per locale; a locale with none is served the English rows. The
 * translations of one notice or article share a slug, so one opened by the id of any of them is
 * served in the reader's language (else English, else as written).
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

// One set of rules for every piece of content an operator writes (notices, help articles,
// documents, home pop-ups and carousel slides): trimmed typed text, a title of one line up to
// 200 characters, a text of several lines up to 20 000, neither empty once trimmed; each refusal
// names its own catalogued message.
const locale = z.enum(LOCALES);
const title = typedText().min(1, 'app.msg.field_required').max(200, 'app.msg.text_too_long');
const text = typedText({ lines: true }).min(1, 'app.msg.field_required').max(20_000, 'app.msg.text_too_long');
/** The key an operator gives every translation of one notice or article: lower-case letters and
 * digits in hyphen-joined words, as in an address (`new-pairs-2027`). */
export const CONTENT_SLUG_MAX = 64;
const slug = z
  .string()
  .max(CONTENT_SLUG_MAX, 'app.msg.slug_invalid')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'app.msg.slug_invalid');
/** The highest `sort` an operator gives a help article, pop-up or slide. */
export const CONTENT_SORT_MAX = 1_000_000;
const sort = z.number().int().min(0).max(CONTENT_SORT_MAX);
/** A slide's image or target: the config's rule for links (empty, a path here, http(s)). */
const link = siteLink('app.msg.link_invalid').pipe(z.string().max(2_000, 'app.msg.text_too_long'));

export const adminLocaleQuerySchema = z.strictObject({ locale: locale.default('us') });

export const adminNoticeCreateSchema = z.strictObject({
  locale,
  title,
  message: text,
  slug: slug.optional(),
});
export const adminNoticeUpdateSchema = edit({
  id: rowId,
  title: title.optional(),
  message: text.optional(),
  // null unlinks it from the translations it was linked to.
  slug: slug.nullable().optional(),
});
export const adminDeleteSchema = z.strictObject({ id: rowId });

export const adminNoticeSchema = z.object({
  id: z.number().int(),
  locale: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.number().int(),
  slug: z.string().nullable(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminHelpCreateSchema = z.strictObject({
  locale,
  category: z.enum(HELP_CATEGORIES),
  title,
  body: text,
  sort: sort.default(0),
  slug: slug.optional(),
});
export const adminHelpUpdateSchema = edit({
  id: rowId,
  category: z.enum(HELP_CATEGORIES).optional(),
  title: title.optional(),
  body: text.optional(),
  sort: sort.optional(),
  slug: slug.nullable().optional(),
});
export const adminHelpSchema = helpArticleSchema.extend({
  locale: z.string(),
  sort: z.number().int(),
  slug: z.string().nullable(),
});
export type AdminHelp = z.infer<typeof adminHelpSchema>;

// ---------- operator: home pop-ups and carousel ----------
// Shown in ascending `sort`, then oldest first (id); one added without a sort goes last.

export const adminPopupCreateSchema = z.strictObject({ locale, title, content: text, sort: sort.optional() });
export const adminPopupUpdateSchema = edit({
  id: rowId,
  title: title.optional(),
  content: text.optional(),
  sort: sort.optional(),
});
export const adminPopupSchema = popupSchema.extend({ locale: z.string(), sort: z.number().int() });

export const adminCarouselCreateSchema = z.strictObject({
  locale,
  title,
  image: link,
  link,
  sort: sort.optional(),
});
export const adminCarouselUpdateSchema = edit({
  id: rowId,
  title: title.optional(),
  image: link.optional(),
  link: link.optional(),
  sort: sort.optional(),
});
export const adminCarouselSchema = carouselItemSchema.extend({ locale: z.string(), sort: z.number().int() });

/** A document with a screen of its own (one per locale and type), replaced as a whole. */
export const adminDocumentSchema = z.strictObject({
  locale,
  type: z.enum(['aboutUs', 'serviceAgreement', 'msb']),
  title,
  body: text,
});

// ---------- customer service ----------

export const SERVICE_MESSAGE_MAX = 1000;
const serviceMessageBody = typedText({ lines: true })
  .min(1, 'app.msg.field_required')
  .max(SERVICE_MESSAGE_MAX, 'app.msg.text_too_long');

export const serviceSendSchema = z.strictObject({ body: serviceMessageBody });

export const serviceMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the user, or customer service. */
  from: z.enum(['user', 'operator']),
  body: z.string(),
  createdAt: z.number().int(),
});
export type ServiceMessage = z.infer<typeof serviceMessageSchema>;

/** What the private `service` channel carries: one message of the reader's thread, once written. */
export const serviceChannelMessageSchema = channelMessageSchema(SERVICE_CHANNEL, serviceMessageSchema);

export const adminServiceThreadSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  lastMessage: z.string(),
  lastAt: z.number().int(),
  /** The user wrote last: the thread waits for an answer. */
  waiting: z.boolean(),
});
export type AdminServiceThread = z.infer<typeof adminServiceThreadSchema>;

/** The threads, a page at a time: one waiting for an answer may be older than a page of newer ones. */
export const adminServiceThreadsQuerySchema = z.strictObject({ ...adminPage });
export type AdminServiceThreadsQuery = z.output<typeof adminServiceThreadsQuerySchema>;
export const adminServiceQuerySchema = z.strictObject({ userId: id });
export const adminServiceReplySchema = z.strictObject({
  userId: rowId,
  body: serviceMessageBody,
});
