import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nameKey, suffixedNickname } from '../../../protocol';
import { whole, type MigrationFn } from './helpers';

/** Who the audit rows of this migration name as having made the change. */
export const ACTOR = 'migration 029';
// Rows written in one statement: well under either engine's limit of parameters.
const BATCH = 500;

interface Named {
  id: number;
  nickname: string;
}

const setKeys = async (db: Kysely<unknown>, rows: readonly { id: number; key: string }[]) => {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const cases = sql.join(
      batch.map((r) => sql`when ${r.id} then ${r.key}`),
      sql` `,
    );
    await sql`update users set nickname_key = case id ${cases} end
      where id in (${sql.join(batch.map((r) => r.id))})`.execute(db);
  }
};

/**
 * Nicknames are unique as they look, not byte for byte: `nickname_key` holds the nickname's
 * `nameKey` (protocol/accountRules.ts, the same fold as `username_key`: compatibility form, case
 * folded, without the characters that show nothing), unique on both engines, so "ＤｅｍｏＴｒａｄｅｒ"
 * and "DemoTrader" can no longer stand beside "demotrader". The unique constraint on the nickname
 * itself stays: the key's implies it.
 *
 * Where nicknames already look the same, the oldest account (created first, then lowest id) keeps
 * its own; each later one gets its nickname with a suffix, as registration gives a username
 * someone already goes by (`suffixedNickname`: cut to 25 characters, "_" and four random digits),
 * one whose key nobody holds, and an audit row keeps the nickname it had and whose it looked like.
 * The owner can change it again as any nickname.
 */
export const up: MigrationFn = whole(async (db, engine) => {
  await sql`alter table users add column nickname_key text not null default ''`.execute(db);
  const { rows } = await sql<Named>`select id, nickname from users order by created_at, id`.execute(db);
  const keyed = rows.map((u) => ({ ...u, key: nameKey(u.nickname) }));
  const taken = new Set(keyed.map((u) => u.key));
  const holders = new Map<string, number>();
  const now = Date.now();
  for (const u of keyed) {
    const holder = holders.get(u.key);
    if (holder === undefined) {
      holders.set(u.key, u.id);
      continue;
    }
    let nickname: string;
    do {
      nickname = suffixedNickname(u.nickname, randomInt(10_000));
      u.key = nameKey(nickname);
    } while (taken.has(u.key));
    taken.add(u.key);
    await sql`update users set nickname = ${nickname} where id = ${u.id}`.execute(db);
    await sql`insert into audit_log (operator_id, actor, action, target, before_json, after_json, created_at)
      values (null, ${ACTOR}, 'user.nickname', ${`user:${u.id}`}, ${JSON.stringify({ nickname: u.nickname })},
        ${JSON.stringify({ nickname, lookedLike: `user:${holder}` })}, ${now})`.execute(db);
  }
  await setKeys(db, keyed);
  // Every writer names the key from here on; SQLite cannot drop a column's default.
  if (engine === 'postgres') await sql`alter table users alter column nickname_key drop default`.execute(db);
  await sql`create unique index users_nickname_key_unique on users (nickname_key)`.execute(db);
});
