import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../../protocol';
import { migrate } from '../../../../server/db/migrate';
import { ACTOR } from '../../../../server/db/migrations/030_nickname_skeleton';
import { nicknameSkeleton } from '../../../../server/domain/accounts/nicknameSkeleton';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { insertManyUsers, nicknameAudit, refusesUser } from './nicknames';
import { userRow } from './rows';

/** A users row as migration 029 left it: its `nickname_key` filled. */
const keyedRow = (id: number, nickname: string, created_at = 1) => ({
  ...userRow(id, { nickname, created_at }),
  nickname_key: nameKey(nickname),
});

describe.each(forEachEngine())('migration 030 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('gives every nickname its skeleton, the oldest keeping one that several look like', async () => {
    await migrate(t().db, '029_nickname_key');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([
        keyedRow(1, 'DemoTrader', 10),
        // Cyrillic е, then a digit 0: both look like user 1's, but are younger.
        keyedRow(2, 'D\u0435motrader', 20),
        keyedRow(3, 'Dem0Trader', 30),
        // Created first though its id is higher: it keeps its nickname.
        keyedRow(4, 'ABC', 5),
        keyedRow(5, '\u0391\u0392\u0421', 1),
        // Case twins that only one key tells apart: no change.
        keyedRow(6, 'Ulrich', 1),
        keyedRow(7, 'Ülrich', 1),
      ])
      .execute();
    expect(await migrate(t().db, '030_nickname_skeleton')).toEqual(['030_nickname_skeleton']);

    const users = await k
      .selectFrom('users')
      .select(['id', 'nickname', 'nickname_key', 'nickname_skeleton'])
      .orderBy('id')
      .execute();
    const nicknames = users.map((u) => u.nickname);
    expect(nicknames[1]).toMatch(/^D\u0435motrader_\d{4}$/);
    expect(nicknames[2]).toMatch(/^Dem0Trader_\d{4}$/);
    expect(nicknames[3]).toMatch(/^ABC_\d{4}$/);
    expect([0, 4, 5, 6].map((i) => nicknames[i])).toEqual([
      'DemoTrader',
      '\u0391\u0392\u0421',
      'Ulrich',
      'Ülrich',
    ]);
    // The suffixed nicknames' keys are written with them.
    for (const u of users) {
      expect(u.nickname_key).toBe(nameKey(u.nickname));
      expect(u.nickname_skeleton).toBe(nicknameSkeleton(u.nickname));
    }
    expect(new Set(users.map((u) => u.nickname_skeleton)).size).toBe(users.length);

    expect(await nicknameAudit(k, ACTOR)).toEqual([
      ['user:2', { nickname: 'D\u0435motrader' }, { nickname: nicknames[1], lookedLike: 'user:1' }],
      ['user:3', { nickname: 'Dem0Trader' }, { nickname: nicknames[2], lookedLike: 'user:1' }],
      ['user:4', { nickname: 'ABC' }, { nickname: nicknames[3], lookedLike: 'user:5' }],
    ]);

    // A look-alike written after is refused by the database itself.
    expect(
      await refusesUser(k, {
        ...keyedRow(10, 'Demotr\u0430der'),
        nickname_skeleton: nicknameSkeleton('Demotr\u0430der'),
      }),
    ).toBe(true);
  });

  it('gives every row of a table longer than one statement writes its skeleton', async () => {
    await migrate(t().db, '029_nickname_key');
    const k = t().db.kysely;
    const ids = await insertManyUsers(k, (id) => keyedRow(id, `Nick${id}`));
    await migrate(t().db, '030_nickname_skeleton');
    const users = await k
      .selectFrom('users')
      .select(['nickname', 'nickname_key', 'nickname_skeleton'])
      .orderBy('id')
      .execute();
    expect(users.map((u) => [u.nickname, u.nickname_key, u.nickname_skeleton])).toEqual(
      ids.map((id) => [`Nick${id}`, `nick${id}`, nicknameSkeleton(`Nick${id}`)]),
    );
  });
});
