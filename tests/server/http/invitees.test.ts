import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATION, inviteePageSchema, inviteSchema, type InviteMember } from '../../../protocol';
import { buildApp } from '../../../server/http/app';
import { accountsFor, registerUser, T0 } from '../helpers/accounts';
import { TEST_APP_CONFIG } from '../helpers/appConfig';
import { apiCaller } from '../helpers/inject';
import { forEachEngine, type TestDb } from '../helpers/testDb';

/** More first-generation members than one statement may carry parameters on PostgreSQL (65 535),
 * where the second generation was once asked for with an `IN` list of all their ids. */
const FIRST = 70_000;
/** More second-generation members than two pages hold. */
const SECOND = 45;

interface Row {
  id: number;
  username: string;
  created_at: number;
  certification: number | null;
}

describe.each(forEachEngine())('invitee pages on %s', (_engine, open) => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let first: Row[];
  let second: Row[];

  /** Members straight in the table, in one statement however many: `count` of them, the `i`th
   * named `prefix` and 1000000 + i, invited by `inviter` and registered at `at` (expressions of
   * `i`), every third one verified. */
  const insertMembers = async (
    prefix: string,
    count: number,
    inviter: RawBuilder<number>,
    at: RawBuilder<number>,
  ) => {
    await sql`insert into users (username, username_key, nickname, nickname_key, nickname_skeleton,
        nickname_folded_skeleton, email, invite_code, inviter_id, certification, password_hash, created_at)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(count - 1)})
      select name, name, name, name, name, name, name || '@example.com', upper(name), ${inviter},
        case when i % 3 = 0 then ${sql.lit(CERTIFICATION.approved)} end, 'x', ${at}
      from (select i, ${name(prefix, sql`i`)} as name from n) m`.execute(t.db.kysely);
    return t.db.kysely
      .selectFrom('users')
      .select(['id', 'username', 'created_at', 'certification'])
      .where('username', 'like', `${prefix}%`)
      .orderBy('username')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, created_at: Number(r.created_at) })));
  };
  const name = (prefix: string, i: RawBuilder<number>) =>
    sql<string>`${sql.lit(prefix)} || cast(1000000 + ${i} as text)`;
  const idOf = (prefix: string, i: RawBuilder<number>) =>
    sql<number>`(select id from users where username = ${name(prefix, i)})`;

  /** Newest first, as the server lists members: by registration time, then by id. */
  const newestFirst = (rows: Row[]) =>
    [...rows].sort((a, b) => b.created_at - a.created_at || b.id - a.id).map((r) => r.id);

  beforeAll(async () => {
    t = await open({ seed: true });
    const { accounts } = accountsFor(t);
    app = await buildApp({ config: TEST_APP_CONFIG, db: t.db, logger: false, accounts });
    await app.ready();
    const root = await registerUser(accounts);
    const stranger = await registerUser(accounts);
    token = root.token;
    // Two members to a millisecond, so that their order rests on the id.
    first = await insertMembers('fst', FIRST, sql.lit(root.userinfo.id), sql`${sql.lit(T0 + 1_000)} + i / 2`);
    // Spread over the first generation, and registered the later the earlier they were inserted.
    second = await insertMembers(
      'snd',
      SECOND,
      idOf('fst', sql`i * 1500`),
      sql`${sql.lit(T0 + 500_000)} - i`,
    );
    // Neither is my member: a third generation, and someone a stranger invited.
    await insertMembers('thd', 1, idOf('snd', sql`0`), sql.lit(T0 + 600_000));
    await insertMembers('oth', 1, sql.lit(stranger.userinfo.id), sql.lit(T0 + 600_000));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const call = apiCaller(() => app);
  const page = async (query: string) => {
    const res = await call('GET', `/api/user/invitees?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return inviteePageSchema.parse(res.json().data);
  };
  const ids = (list: InviteMember[]) => list.map((m) => m.id);

  it('answers the invitation with the count of each generation, and no members', async () => {
    const res = await call('GET', '/api/user/invite', { token });
    expect(res.statusCode, res.body).toBe(200);
    const invite = inviteSchema.parse(res.json().data);
    expect(invite.firstTotal).toBe(FIRST);
    expect(invite.secondTotal).toBe(SECOND);
    expect(Object.keys(res.json().data).sort()).toEqual(['firstTotal', 'inviteCode', 'secondTotal']);
  });

  it('pages the second generation to its end, each member once, newest first, masked', async () => {
    const pages = [await page('generation=second'), await page('generation=second&page=2')];
    pages.push(await page('generation=second&page=3'));
    expect(pages.map((p) => [p.page, p.size, p.total, p.list.length])).toEqual([
      [1, 20, SECOND, 20],
      [2, 20, SECOND, 20],
      [3, 20, SECOND, 5],
    ]);
    const list = pages.flatMap((p) => p.list);
    expect(ids(list)).toEqual(newestFirst(second));
    expect(list[0]).toEqual({
      id: second[0]!.id,
      username: 'sn****00',
      registeredAt: T0 + 500_000,
      certified: true,
    });
    expect(list[1]).toMatchObject({ username: 'sn****01', certified: false });
    expect((await page('generation=second&page=4')).list).toEqual([]);
  });

  it('pages the first generation deep into the list, in the size asked for', async () => {
    const all = newestFirst(first);
    const deep = await page('generation=first&page=1000&size=50');
    expect(deep.total).toBe(FIRST);
    expect(ids(deep.list)).toEqual(all.slice(999 * 50, 1000 * 50));
    const last = await page(`generation=first&page=${FIRST / 100}&size=100`);
    expect(ids(last.list)).toEqual(all.slice(-100));
  });

  it('refuses a page it cannot read', async () => {
    for (const [query, msg] of [
      ['', 'app.msg.parameter_error'],
      ['generation=third', 'app.msg.parameter_error'],
      ['generation=first&size=101', 'app.msg.parameter_error'],
      ['generation=first&page=0', 'app.msg.parameter_error'],
      ['generation=first&inviter=1', 'app.msg.unknown_parameter'],
    ]) {
      const res = await call('GET', `/api/user/invitees?${query}`, { token });
      expect([query, res.statusCode, res.json().msg]).toEqual([query, 400, msg]);
    }
  });
});
