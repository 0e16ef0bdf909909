import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  adminCarouselCreateSchema,
  adminCarouselUpdateSchema,
  adminDocumentSchema,
  adminHelpCreateSchema,
  adminHelpUpdateSchema,
  adminNoticeCreateSchema,
  adminPopupCreateSchema,
  adminPopupUpdateSchema,
  adminServiceReplySchema,
  adminNoticeUpdateSchema,
  type AuditTarget,
  type AuditTargetKind,
  type ServiceMessage,
} from '../../protocol';
import type { Db } from '../db/connect';
import { audited } from '../db/repos/audit';
import { carouselRows, popupRows } from '../db/repos/homeContent';
import { userMustExist } from '../db/repos/userMustExist';
import type { Database } from '../db/schema';
import {
  deleteHelp,
  deleteNotice,
  findDocument,
  findHelp,
  findNotice,
  insertHelp,
  insertNotice,
  insertServiceMessage,
  listServiceMessages,
  updateHelp,
  updateNotice,
  upsertDocument,
} from '../db/repos/help';
import type { Actor } from '../domain/operators/actor';
import { AppError } from '../domain/appError';

/** Operator editing of notices, help articles, home pop-ups and carousel slides, documents, and
 * replies in the service thread (operator API and CLI alike). Each change commits with its audit
 * row; input the rules refuse writes nothing. */

const found = <T>(v: T | undefined): T => {
  if (v === undefined) throw new AppError('record_not_found');
  return v;
};

type Tx = Kysely<Database>;

/** Where one kind of content is kept: read one row, add one, change the fields given, delete one. */
interface ContentRows<Row, Create, Changes> {
  find(db: Tx, id: number): Promise<Row | undefined>;
  insert(db: Tx, row: Create, now: number): Promise<number>;
  update(db: Tx, id: number, changes: Changes, now: number): Promise<unknown>;
  remove(db: Tx, id: number): Promise<unknown>;
}

/**
 * Create, edit and delete of one kind of content, checked against its wire schemas whoever calls,
 * each audited as `<kind>.create|update|delete` on `<kind>:<id>` with the row before and after.
 */
const contentEditor = <C extends z.ZodType, U extends z.ZodType<{ id: number }>, Row extends { id: number }>(
  kind: AuditTargetKind,
  schemas: { create: C; update: U },
  rows: ContentRows<Row, z.output<C>, Omit<z.output<U>, 'id'>>,
) => ({
  create: async (db: Db, actor: Actor, input: z.input<C>, now = Date.now()): Promise<Row> => {
    const body = schemas.create.parse(input);
    return audited(db, actor, now, async (trx) => {
      const after = found(await rows.find(trx, await rows.insert(trx, body, now)));
      const target: AuditTarget = `${kind}:${after.id}`;
      return { result: after, change: { action: `${kind}.create`, target, before: null, after } };
    });
  },
  edit: async (db: Db, actor: Actor, input: z.input<U>, now = Date.now()): Promise<Row> => {
    const { id, ...changes } = schemas.update.parse(input);
    return audited(db, actor, now, async (trx) => {
      const before = found(await rows.find(trx, id));
      await rows.update(trx, id, changes, now);
      const after = found(await rows.find(trx, id));
      return { result: after, change: { action: `${kind}.update`, target: `${kind}:${id}`, before, after } };
    });
  },
  remove: (db: Db, actor: Actor, id: number, now = Date.now()): Promise<null> =>
    audited(db, actor, now, async (trx) => {
      const before = found(await rows.find(trx, id));
      await rows.remove(trx, id);
      return {
        result: null,
        change: { action: `${kind}.delete`, target: `${kind}:${id}`, before, after: null },
      };
    }),
});

export const notices = contentEditor(
  'notice',
  { create: adminNoticeCreateSchema, update: adminNoticeUpdateSchema },
  { find: findNotice, insert: insertNotice, update: updateNotice, remove: deleteNotice },
);
export const helpArticles = contentEditor(
  'help',
  { create: adminHelpCreateSchema, update: adminHelpUpdateSchema },
  { find: findHelp, insert: insertHelp, update: updateHelp, remove: deleteHelp },
);
/** The home pop-ups (`GET /api/index/popups`). */
export const popups = contentEditor(
  'popup',
  { create: adminPopupCreateSchema, update: adminPopupUpdateSchema },
  popupRows,
);
/** The home carousel's slides (`GET /api/index/carousel`). */
export const carousel = contentEditor(
  'carousel',
  { create: adminCarouselCreateSchema, update: adminCarouselUpdateSchema },
  carouselRows,
);

export const saveDocument = (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminDocumentSchema>,
  now = Date.now(),
) => {
  const body = adminDocumentSchema.parse(input);
  return audited(db, actor, now, async (trx) => {
    const before = (await findDocument(trx, body.locale, body.type)) ?? null;
    const id = await upsertDocument(trx, body);
    const after = { id, type: body.type, title: body.title, body: body.body };
    return {
      result: after,
      change: { action: 'document.save', target: `content:${body.locale}:${body.type}`, before, after },
    };
  });
};

/** Customer service answers a user's thread. */
export const replyToUser = async (
  db: Db,
  actor: Actor,
  userId: number,
  text: string,
  now = Date.now(),
): Promise<ServiceMessage[]> => {
  // The API's rules, whoever calls: the CLI too (length, no hidden or direction-reversing marks).
  const { body } = adminServiceReplySchema.parse({ userId, body: text });
  await audited(db, actor, now, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('account_not_exist');
    const id = await insertServiceMessage(
      trx,
      { userId, sender: 'operator', operator: actor.name, body },
      now,
    );
    return {
      result: id,
      change: { action: 'service.reply', target: `user:${userId}`, before: null, after: { body } },
    };
  });
  return listServiceMessages(db.kysely, userId);
};

/** One user's thread as the operator reads it: a user who does not exist is said to be so. */
export const userThread = async (db: Db, userId: number): Promise<ServiceMessage[]> => {
  const thread = await listServiceMessages(db.kysely, userId);
  if (thread.length === 0) await userMustExist(db.kysely, userId);
  return thread;
};
