import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { suffixedNickname } from '../../../protocol';

// Rows written in one statement: well under either engine's limit of parameters.
const BATCH = 500;

interface Named {
  id: number;
  nickname: string;
}

interface Keyed extends Named {
  keys: string[];
}

/** A users column that holds a key of the nickname, and how the key is made. */
export type NicknameKeys = Readonly<Record<string, (nickname: string) => string>>;

const setKeys = async (db: Kysely<unknown>, columns: readonly string[], rows: readonly Keyed[]) => {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const sets = columns.map((column, k) => {
      const cases = sql.join(
        batch.map((r) => sql`when ${r.id} then ${r.keys[k]}`),
        sql` `,
      );
      return sql`${sql.ref(column)} = case id ${cases} end`;
    });
    await sql`update users set ${sql.join(sets)} where id in (${sql.join(batch.map((r) => r.id))})`.execute(
      db,
    );
  }
};

/**
 * Fills the columns of `keys` for every user. Where a nickname has a key an older account's
 * (created first, then lowest id) already has, that one keeps its nickname; each later one gets its
 * nickname with a suffix, as registration gives a username someone already goes by
 * (`suffixedNickname`: cut to 25 characters, "_" and four random digits), one with no key anybody
 * holds, and an audit row by `actor` keeps the nickname it had and whose it looked like. The owner
 * can change it again as any nickname.
 */
export const keyNicknames = async (db: Kysely<unknown>, actor: string, keys: NicknameKeys) => {
  const makers = Object.values(keys);
  const keysOf = (nickname: string) => makers.map((key) => key(nickname));
  const { rows } = await sql<Named>`select id, nickname from users order by created_at, id`.execute(db);
  const keyed: Keyed[] = rows.map((u) => ({ ...u, keys: keysOf(u.nickname) }));
  const taken = makers.map((_, k) => new Set(keyed.map((u) => u.keys[k])));
  const holders = makers.map(() => new Map<string, number>());
  const now = Date.now();
  for (const u of keyed) {
    const holder = u.keys.map((key, k) => holders[k]!.get(key)).find((id) => id !== undefined);
    if (holder === undefined) {
      u.keys.forEach((key, k) => holders[k]!.set(key, u.id));
      continue;
    }
    let nickname: string;
    do {
      nickname = suffixedNickname(u.nickname, randomInt(10_000));
      u.keys = keysOf(nickname);
    } while (u.keys.some((key, k) => taken[k]!.has(key)));
    u.keys.forEach((key, k) => taken[k]!.add(key));
    await sql`update users set nickname = ${nickname} where id = ${u.id}`.execute(db);
    await sql`insert into audit_log (operator_id, actor, action, target, before_json, after_json, created_at)
      values (null, ${actor}, 'user.nickname', ${`user:${u.id}`}, ${JSON.stringify({ nickname: u.nickname })},
        ${JSON.stringify({ nickname, lookedLike: `user:${holder}` })}, ${now})`.execute(db);
  }
  await setKeys(db, Object.keys(keys), keyed);
};
