import { sql, type Kysely, type Selectable } from 'kysely';
import type { OperatorRecord, OperatorsRepo } from '../../domain/accounts/ports';
import type { Database, OperatorTable } from '../schema';
import { guardUnique } from './uniqueViolation';

const toRecord = (r: Selectable<OperatorTable>): OperatorRecord => ({
  id: r.id,
  username: r.username,
  passwordHash: r.password_hash,
  disabled: r.disabled === 1,
  createdAt: Number(r.created_at),
});

export const operatorsRepo = (db: Kysely<Database>): OperatorsRepo => ({
  findById: async (id) => {
    const r = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  findByUsername: async (username) => {
    const r = await db
      .selectFrom('operators')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  nameTaken: async (username) => {
    const r = await db
      .selectFrom('operators')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return r !== undefined;
  },
  insert: (o) =>
    guardUnique(async () => {
      const row = await db
        .insertInto('operators')
        .values({ username: o.username, password_hash: o.passwordHash, created_at: o.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }),
  update: async (id, patch) => {
    await db
      .updateTable('operators')
      .set({
        ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled ? 1 : 0 } : {}),
      })
      .where('id', '=', id)
      .execute();
  },
  replaceHash: async (id, from, to) => {
    await db
      .updateTable('operators')
      .set({ password_hash: to })
      .where('id', '=', id)
      .where('password_hash', '=', from)
      .execute();
  },
  count: async () => {
    const r = await db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
});
