import type { Kysely } from 'kysely';
import type { LoginFailuresRepo } from '../../domain/accounts/ports';
import type { Database } from '../schema';

const count = async (db: Kysely<Database>, column: 'account_key' | 'ip', value: string, since: number) => {
  const r = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

export const loginFailuresRepo = (db: Kysely<Database>): LoginFailuresRepo => ({
  add: async (f) => {
    const row = await db
      .insertInto('login_failures')
      .values({ account_key: f.accountKey, ip: f.ip, created_at: f.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
  remove: async (id) => {
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
  },
  countForAccount: (key, since) => count(db, 'account_key', key, since),
  countForIp: (ip, since) => count(db, 'ip', ip, since),
  clearAccount: async (key) => {
    await db.deleteFrom('login_failures').where('account_key', '=', key).execute();
  },
  deleteBefore: async (time) => {
    await db.deleteFrom('login_failures').where('created_at', '<', time).execute();
  },
});
