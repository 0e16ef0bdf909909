import type { z } from 'zod';
import {
  adminDocumentSchema,
  adminHelpCreateSchema,
  adminHelpUpdateSchema,
  adminNoticeCreateSchema,
  adminServiceReplySchema,
  adminNoticeUpdateSchema,
  type AdminHelp,
  type AdminNotice,
  type ServiceMessage,
} from '../../protocol';
import type { Db } from '../db/connect';
import { audited } from '../db/repos/audit';
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

/** Operator editing of notices, help articles and documents, and replies in the service thread
 * (operator API and CLI alike). Each change commits with its audit row. */

const found = <T>(v: T | undefined): T => {
  if (v === undefined) throw new AppError('record_not_found');
  return v;
};

export const createNotice = (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminNoticeCreateSchema>,
  now = Date.now(),
): Promise<AdminNotice> => {
  const body = adminNoticeCreateSchema.parse(input);
  return audited(db, actor, now, async (trx) => {
    const notice = found(await findNotice(trx, await insertNotice(trx, body, now)));
    return {
      result: notice,
      change: { action: 'notice.create', target: `notice:${notice.id}`, before: null, after: notice },
    };
  });
};

export const editNotice = (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminNoticeUpdateSchema>,
  now = Date.now(),
): Promise<AdminNotice> => {
  const body = adminNoticeUpdateSchema.parse(input);
  return audited(db, actor, now, async (trx) => {
    const before = found(await findNotice(trx, body.id));
    await updateNotice(trx, body.id, body);
    const after = found(await findNotice(trx, body.id));
    return { result: after, change: { action: 'notice.update', target: `notice:${body.id}`, before, after } };
  });
};

export const removeNotice = (db: Db, actor: Actor, id: number, now = Date.now()) =>
  audited(db, actor, now, async (trx) => {
    const before = found(await findNotice(trx, id));
    await deleteNotice(trx, id);
    return { result: null, change: { action: 'notice.delete', target: `notice:${id}`, before, after: null } };
  });

export const createHelp = (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminHelpCreateSchema>,
  now = Date.now(),
): Promise<AdminHelp> => {
  const body = adminHelpCreateSchema.parse(input);
  return audited(db, actor, now, async (trx) => {
    const article = found(await findHelp(trx, await insertHelp(trx, body, now)));
    return {
      result: article,
      change: { action: 'help.create', target: `help:${article.id}`, before: null, after: article },
    };
  });
};

export const editHelp = (
  db: Db,
  actor: Actor,
  input: z.input<typeof adminHelpUpdateSchema>,
  now = Date.now(),
): Promise<AdminHelp> => {
  const body = adminHelpUpdateSchema.parse(input);
  return audited(db, actor, now, async (trx) => {
    const before = found(await findHelp(trx, body.id));
    await updateHelp(trx, body.id, body, now);
    const after = found(await findHelp(trx, body.id));
    return { result: after, change: { action: 'help.update', target: `help:${body.id}`, before, after } };
  });
};

export const removeHelp = (db: Db, actor: Actor, id: number, now = Date.now()) =>
  audited(db, actor, now, async (trx) => {
    const before = found(await findHelp(trx, id));
    await deleteHelp(trx, id);
    return { result: null, change: { action: 'help.delete', target: `help:${id}`, before, after: null } };
  });

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
