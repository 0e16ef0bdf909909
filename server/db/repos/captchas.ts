import type { Kysely } from 'kysely';
import type { CaptchasRepo } from '../../domain/accounts/ports';
import type { Database } from '../schema';

export const captchasRepo = (db: Kysely<Database>): CaptchasRepo => {
  const peek = async (id: string) => {
    const r = await db
      .selectFrom('captchas')
      .select(['answer', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { answer: r.answer, expiresAt: Number(r.expires_at) } : undefined;
  };
  return {
    insert: async (c) => {
      await db
        .insertInto('captchas')
        .values({ id: c.id, answer: c.answer, expires_at: c.expiresAt })
        .execute();
    },
    peek,
    take: async (id) => {
      // Delete first and read what was deleted: of two concurrent checks only one gets the answer.
      const r = await db
        .deleteFrom('captchas')
        .where('id', '=', id)
        .returning(['answer', 'expires_at'])
        .executeTakeFirst();
      return r ? { answer: r.answer, expiresAt: Number(r.expires_at) } : undefined;
    },
    deleteExpired: async (now) => {
      await db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
    },
  };
};
