import type { Kysely } from 'kysely';
import type { UploadsRepo } from '../../domain/accounts/ports';
import type { Database } from '../schema';

export const uploadsRepo = (db: Kysely<Database>): UploadsRepo => ({
  insert: async (u) => {
    await db
      .insertInto('uploads')
      .values({
        id: u.id,
        owner_id: u.ownerId,
        file_name: u.fileName,
        mime: u.mime,
        size: u.size,
        created_at: u.createdAt,
      })
      .execute();
  },
  findById: async (id) => {
    const r = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    return r
      ? {
          id: r.id,
          ownerId: r.owner_id,
          fileName: r.file_name,
          mime: r.mime,
          size: r.size,
          createdAt: Number(r.created_at),
        }
      : undefined;
  },
  countSince: async (ownerId, since) => {
    const r = await db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
});
