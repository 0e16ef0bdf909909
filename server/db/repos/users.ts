import { sql, type Kysely, type Selectable } from 'kysely';
import { nameKey } from '../../../protocol';
import type { NewUser, UserPatch, UserRecord, UsersRepo } from '../../domain/accounts/ports';
import type { Database, UserTable } from '../schema';
import { containsPattern, guardUnique } from './uniqueViolation';
import { foldedNicknameSkeleton, nicknameSkeleton } from '../../domain/accounts/nicknameSkeleton';
import { foldCase } from '../caseFold';

export const userFromRow = (r: Selectable<UserTable>): UserRecord => ({
  id: r.id,
  username: r.username,
  nickname: r.nickname,
  email: r.email,
  phone: r.phone,
  inviteCode: r.invite_code,
  inviterId: r.inviter_id,
  creditScore: r.credit_score,
  certification: r.certification,
  tradingDisabled: r.trading_disabled === 1,
  withdrawProhibited: r.withdraw_prohibited === 1,
  locked: r.locked === 1,
  passwordHash: r.password_hash,
  withdrawPasswordHash: r.withdraw_password_hash,
  withdrawLockedUntil: Number(r.withdraw_locked_until),
  createdAt: Number(r.created_at),
});

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

export const usersRepo = (db: Kysely<Database>): UsersRepo => {
  const one = async (
    column: 'id' | 'username_key' | 'email' | 'phone' | 'invite_code',
    value: string | number,
  ) => {
    const row = await db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
    return row ? userFromRow(row) : undefined;
  };
  return {
    findById: (id) => one('id', id),
    findByUsername: (username) => one('username_key', nameKey(username)),
    findByEmail: (email) => one('email', email),
    findByPhone: (phone) => one('phone', phone),
    findByNickname: async (nickname, except) => {
      let q = db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('nickname_key', '=', nameKey(nickname)),
            eb('nickname_skeleton', '=', nicknameSkeleton(nickname)),
            eb('nickname_folded_skeleton', '=', foldedNicknameSkeleton(nickname)),
          ]),
        );
      if (except !== undefined) q = q.where('id', '<>', except);
      const row = await q.executeTakeFirst();
      return row ? userFromRow(row) : undefined;
    },
    findByInviteCode: (code) => one('invite_code', code),
    insert: (u: NewUser) =>
      guardUnique(async () => {
        const row = await db
          .insertInto('users')
          .values({
            username: u.username,
            username_key: nameKey(u.username),
            nickname: u.nickname,
            nickname_key: nameKey(u.nickname),
            nickname_skeleton: nicknameSkeleton(u.nickname),
            nickname_folded_skeleton: foldedNicknameSkeleton(u.nickname),
            email: u.email,
            phone: u.phone,
            invite_code: u.inviteCode,
            inviter_id: u.inviterId,
            certification: u.certification,
            password_hash: u.passwordHash,
            created_at: u.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    update: (id, p: UserPatch) =>
      guardUnique(async () => {
        const values = Object.fromEntries(
          Object.entries({
            nickname: p.nickname,
            nickname_key: p.nickname === undefined ? undefined : nameKey(p.nickname),
            nickname_skeleton: p.nickname === undefined ? undefined : nicknameSkeleton(p.nickname),
            nickname_folded_skeleton:
              p.nickname === undefined ? undefined : foldedNicknameSkeleton(p.nickname),
            password_hash: p.passwordHash,
            withdraw_password_hash: p.withdrawPasswordHash,
            withdraw_locked_until: p.withdrawLockedUntil,
            certification: p.certification,
            trading_disabled: flag(p.tradingDisabled),
            withdraw_prohibited: flag(p.withdrawProhibited),
            locked: flag(p.locked),
          }).filter(([, v]) => v !== undefined),
        );
        if (Object.keys(values).length === 0) return;
        await db.updateTable('users').set(values).where('id', '=', id).execute();
      }),
    replaceHash: async (id, which, from, to) => {
      const column = which === 'passwordHash' ? 'password_hash' : 'withdraw_password_hash';
      await db.updateTable('users').set(column, to).where('id', '=', id).where(column, '=', from).execute();
    },
    invitees: async (inviterId, generation, page) => {
      // The second generation through a subquery, not a list of the first's ids: one parameter
      // however many members the first has.
      const members = db
        .selectFrom('users as u')
        .where(
          'u.inviter_id',
          'in',
          generation === 'first'
            ? [inviterId]
            : db.selectFrom('users as p').select('p.id').where('p.inviter_id', '=', inviterId),
        );
      const [rows, count] = await Promise.all([
        members
          .select(['u.id', 'u.username', 'u.certification', 'u.created_at'])
          .orderBy('u.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        members.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          username: r.username,
          certification: r.certification,
          createdAt: Number(r.created_at),
        })),
        total: Number(count.n),
      };
    },
    search: async (query, { offset, limit }) => {
      let q = db.selectFrom('users').selectAll();
      const text = query.trim();
      if (text) {
        // Folded as the column's lower() folds it, on either engine (caseFold.ts).
        const pattern = containsPattern(foldCase(text));
        const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        const key = nameKey(text);
        q = q.where((eb) =>
          eb.or([
            ...(/^\d{1,9}$/.test(text) ? [eb('id', '=', Number(text))] : []),
            like('username'),
            like('nickname'),
            // And as nicknames are told apart: "demotrader" finds "ＤｅｍｏＴｒａｄｅｒ". A text of
            // characters that show nothing has no key, and would otherwise find everyone.
            ...(key ? [sql<boolean>`nickname_key like ${containsPattern(key)} escape '\\'`] : []),
            like('email'),
            like('phone'),
          ]),
        );
      }
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(userFromRow);
    },
    usernames: async (ids) => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.username]));
    },
  };
};
