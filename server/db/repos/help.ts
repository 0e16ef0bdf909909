import { sql, type Kysely } from 'kysely';
import type {
  AdminHelp,
  AdminNotice,
  AdminServiceThread,
  HelpArticleSummary,
  HelpCategory,
  Locale,
  Notice,
  ServiceMessage,
} from '../../../protocol';
import { DEFAULT_LOCALE } from '../../../protocol';
import type { Selectable } from 'kysely';
import { AppError } from '../../domain/appError';
import type { Database } from '../schema';
import { withLocaleFallback } from './fallback';
import { isUniqueViolation } from './uniqueViolation';

/** The help centre, notices as the operator edits them, documents, and the service thread. */

/**
 * The id of the row of `table` to show a reader of `locale` who opened `id`: its translation into
 * that locale (the row of the same slug), else into the default one, else `id` itself: the row as
 * written, or none.
 */
export const translationOf = async (
  db: Kysely<Database>,
  table: 'notices' | 'help_articles',
  id: number,
  locale: Locale,
): Promise<number> => {
  const row = await db.selectFrom(table).select(['locale', 'slug']).where('id', '=', id).executeTakeFirst();
  if (!row || row.locale === locale || row.slug === null) return id;
  const linked = await db
    .selectFrom(table)
    .select(['id', 'locale'])
    .where('slug', '=', row.slug)
    .where('locale', 'in', [locale, DEFAULT_LOCALE])
    .execute();
  return (
    (linked.find((r) => r.locale === locale) ?? linked.find((r) => r.locale === DEFAULT_LOCALE))?.id ?? id
  );
};

/** A write of a notice or article whose slug another row of its locale has is refused as such. */
const slugUnique = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('slug_taken');
    throw e;
  }
};

/** The slug an edit gives, as columns to set: none when the edit leaves it, null when it unlinks. */
const slugSet = (slug: string | null | undefined) => (slug !== undefined ? { slug } : {});

export const listHelp = (db: Kysely<Database>, locale: Locale): Promise<HelpArticleSummary[]> =>
  withLocaleFallback(locale, async (l) => {
    const rows = await db
      .selectFrom('help_articles')
      .select(['id', 'category', 'title'])
      .where('locale', '=', l)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, category: r.category as HelpCategory }));
  });

const toAdminHelp = (r: Selectable<Database['help_articles']>): AdminHelp => ({
  id: r.id,
  locale: r.locale,
  category: r.category as HelpCategory,
  title: r.title,
  body: r.body,
  sort: r.sort,
  updatedAt: Number(r.updated_at),
  slug: r.slug,
});

export const findHelp = async (db: Kysely<Database>, id: number): Promise<AdminHelp | undefined> => {
  const r = await db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toAdminHelp(r);
};

export const listHelpAdmin = async (db: Kysely<Database>, locale: Locale) =>
  (
    await db
      .selectFrom('help_articles')
      .selectAll()
      .where('locale', '=', locale)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map(toAdminHelp);

export const insertHelp = async (
  db: Kysely<Database>,
  {
    slug,
    ...a
  }: {
    locale: Locale;
    category: HelpCategory;
    title: string;
    body: string;
    sort: number;
    slug?: string | undefined;
  },
  now: number,
) =>
  slugUnique(
    async () =>
      (
        await db
          .insertInto('help_articles')
          .values({ ...a, ...slugSet(slug), updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  );

export const updateHelp = async (
  db: Kysely<Database>,
  id: number,
  c: {
    category?: HelpCategory | undefined;
    title?: string | undefined;
    body?: string | undefined;
    sort?: number | undefined;
    slug?: string | null | undefined;
  },
  now: number,
) => {
  const res = await slugUnique(() =>
    db
      .updateTable('help_articles')
      .set({
        updated_at: now,
        ...(c.category !== undefined ? { category: c.category } : {}),
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.body !== undefined ? { body: c.body } : {}),
        ...(c.sort !== undefined ? { sort: c.sort } : {}),
        ...slugSet(c.slug),
      })
      .where('id', '=', id)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) === 1;
};

export const deleteHelp = async (db: Kysely<Database>, id: number) =>
  Number((await db.deleteFrom('help_articles').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;

// ---------- notices ----------

const toAdminNotice = (r: Selectable<Database['notices']>): AdminNotice => ({
  id: r.id,
  locale: r.locale,
  title: r.title,
  message: r.message,
  createdAt: Number(r.created_at),
  slug: r.slug,
});

export const findNotice = async (db: Kysely<Database>, id: number): Promise<AdminNotice | undefined> => {
  const r = await db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toAdminNotice(r);
};

export const toNotice = ({ id, title, message, createdAt }: AdminNotice): Notice => ({
  id,
  title,
  message,
  createdAt,
});

export const listNoticesAdmin = async (db: Kysely<Database>, locale: Locale) =>
  (
    await db
      .selectFrom('notices')
      .selectAll()
      .where('locale', '=', locale)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map(toAdminNotice);

export const insertNotice = async (
  db: Kysely<Database>,
  { slug, ...n }: { locale: Locale; title: string; message: string; slug?: string | undefined },
  now: number,
) =>
  slugUnique(
    async () =>
      (
        await db
          .insertInto('notices')
          .values({ ...n, ...slugSet(slug), created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  );

export const updateNotice = async (
  db: Kysely<Database>,
  id: number,
  c: { title?: string | undefined; message?: string | undefined; slug?: string | null | undefined },
) => {
  const changes = {
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.message !== undefined ? { message: c.message } : {}),
    ...slugSet(c.slug),
  };
  if (Object.keys(changes).length === 0) return (await findNotice(db, id)) !== undefined;
  const res = await slugUnique(() =>
    db.updateTable('notices').set(changes).where('id', '=', id).executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) === 1;
};

export const deleteNotice = async (db: Kysely<Database>, id: number) =>
  Number((await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;

// ---------- documents ----------

export const findDocument = (db: Kysely<Database>, locale: Locale, type: string) =>
  db
    .selectFrom('contents')
    .select(['id', 'title', 'body'])
    .where('locale', '=', locale)
    .where('type', '=', type)
    .orderBy('id')
    .executeTakeFirst();

/** Replaces the locale's document of `type` (creating it when the locale has none yet). */
export const upsertDocument = async (
  db: Kysely<Database>,
  d: { locale: Locale; type: string; title: string; body: string },
) => {
  const existing = await findDocument(db, d.locale, d.type);
  if (existing) {
    await db
      .updateTable('contents')
      .set({ title: d.title, body: d.body })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  return (
    await db
      .insertInto('contents')
      .values({ ...d, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

// ---------- customer service ----------

type ServiceMessageRow = Selectable<Database['service_messages']>;
const toServiceMessage = (
  r: Pick<ServiceMessageRow, 'id' | 'sender' | 'body' | 'created_at'>,
): ServiceMessage => ({
  id: r.id,
  from: r.sender,
  body: r.body,
  createdAt: Number(r.created_at),
});

export const listServiceMessages = async (
  db: Kysely<Database>,
  userId: number,
  limit = 200,
): Promise<ServiceMessage[]> => {
  const rows = await db
    .selectFrom('service_messages')
    .select(['id', 'sender', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toServiceMessage);
};

/** The highest message id, 0 with none. */
export const lastServiceMessageId = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom('service_messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/** Messages of every thread past `after`, and those of `ids` below it, oldest first, at most
 * `limit`, each with its user. */
export const serviceMessagesSince = async (
  db: Kysely<Database>,
  after: number,
  ids: readonly number[],
  limit: number,
): Promise<Array<{ userId: number; message: ServiceMessage }>> => {
  const rows = await db
    .selectFrom('service_messages')
    .select(['id', 'user_id', 'sender', 'body', 'created_at'])
    .where((eb) =>
      ids.length > 0 ? eb.or([eb('id', '>', after), eb('id', 'in', ids)]) : eb('id', '>', after),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, message: toServiceMessage(r) }));
};

export const insertServiceMessage = async (
  db: Kysely<Database>,
  m: { userId: number; sender: 'user' | 'operator'; operator: string | null; body: string },
  now: number,
) =>
  (
    await db
      .insertInto('service_messages')
      .values({ user_id: m.userId, sender: m.sender, operator: m.operator, body: m.body, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** One row per user with a thread: its last message, newest threads first, one page. */
export const listServiceThreads = async (
  db: Kysely<Database>,
  { offset, limit }: { offset: number; limit: number },
): Promise<AdminServiceThread[]> => {
  const last = db
    .selectFrom('service_messages')
    .select(['user_id', sql<number>`max(id)`.as('last_id')])
    .groupBy('user_id')
    .as('last');
  const rows = await db
    .selectFrom(last)
    .innerJoin('service_messages as m', 'm.id', 'last.last_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.username', 'm.body', 'm.sender', 'm.created_at'])
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    lastMessage: r.body,
    lastAt: Number(r.created_at),
    waiting: r.sender === 'user',
  }));
};
