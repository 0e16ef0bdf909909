import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../../protocol';
import { migrate } from '../../../../server/db/migrate';
import { ACTOR } from '../../../../server/db/migrations/032_nickname_folded_skeleton';
import {
  foldedNicknameSkeleton,
  nicknameSkeleton,
} from '../../../../server/domain/accounts/nicknameSkeleton';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { insertManyUsers, nicknameAudit, refusesUser } from './nicknames';
import { userRow } from './rows';

/** A users row as migration 030 left it: both its keys filled. */
const keyedRow = (id: number, nickname: string, created_at = 1) => ({
  ...userRow(id, { nickname, created_at }),
  nickname_key: nameKey(nickname),
  nickname_skeleton: nicknameSkeleton(nickname),
});

describe.each(forEachEngine())('migration 032 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('gives every nickname its folded skeleton, the oldest keeping one that several look like', async () => {
    await migrate(t().db, '030_nickname_skeleton');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([
        keyedRow(1, 'Mirror', 10),
        // All capitals with a Greek Ο: it looks like user 1's in another case, and is younger.
        keyedRow(2, 'MIRR\u039fR', 20),
        // Created last though its id is lower: it gives way to the Latin one.
        keyedRow(3, 'LIL\u0391', 30),
        keyedRow(6, 'Lila', 5),
        // Different to look at: no change.
        keyedRow(4, 'Ulrich', 1),
        keyedRow(5, 'Ülrich', 1),
      ])
      .execute();
    expect(await migrate(t().db, '032_nickname_folded_skeleton')).toEqual([
      '031_content_slug',
      '032_nickname_folded_skeleton',
    ]);

    const users = await k
      .selectFrom('users')
      .select(['id', 'nickname', 'nickname_key', 'nickname_skeleton', 'nickname_folded_skeleton'])
      .orderBy('id')
      .execute();
    const nicknames = users.map((u) => u.nickname);
    expect(nicknames[1]).toMatch(/^MIRR\u039fR_\d{4}$/);
    expect(nicknames[2]).toMatch(/^LIL\u0391_\d{4}$/);
    expect([0, 3, 4, 5].map((i) => nicknames[i])).toEqual(['Mirror', 'Ulrich', 'Ülrich', 'Lila']);
    // The suffixed nicknames' keys are written with them.
    for (const u of users) {
      expect(u.nickname_key).toBe(nameKey(u.nickname));
      expect(u.nickname_skeleton).toBe(nicknameSkeleton(u.nickname));
      expect(u.nickname_folded_skeleton).toBe(foldedNicknameSkeleton(u.nickname));
    }
    expect(new Set(users.map((u) => u.nickname_folded_skeleton)).size).toBe(users.length);

    expect(await nicknameAudit(k, ACTOR)).toEqual([
      ['user:2', { nickname: 'MIRR\u039fR' }, { nickname: nicknames[1], lookedLike: 'user:1' }],
      ['user:3', { nickname: 'LIL\u0391' }, { nickname: nicknames[2], lookedLike: 'user:6' }],
    ]);

    // A look-alike written after is refused by the database itself.
    expect(
      await refusesUser(k, {
        ...keyedRow(10, '\u041cIRROR'),
        nickname_folded_skeleton: foldedNicknameSkeleton('\u041cIRROR'),
      }),
    ).toBe(true);
  });

  it('gives every row of a table longer than one statement writes its folded skeleton', async () => {
    await migrate(t().db, '031_content_slug');
    const k = t().db.kysely;
    const ids = await insertManyUsers(k, (id) => keyedRow(id, `Nick${id}`));
    await migrate(t().db, '032_nickname_folded_skeleton');
    const users = await k.selectFrom('users').select(['nickname_folded_skeleton']).orderBy('id').execute();
    expect(users.map((u) => u.nickname_folded_skeleton)).toEqual(
      ids.map((id) => foldedNicknameSkeleton(`Nick${id}`)),
    );
  });
});
