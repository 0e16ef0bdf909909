import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../../protocol';
import { migrate } from '../../../../server/db/migrate';
import { ACTOR } from '../../../../server/db/migrations/029_nickname_key';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { insertManyUsers, nicknameAudit, refusesUser } from './nicknames';
import { userRow } from './rows';

const smiles = '😀'.repeat(29);

describe.each(forEachEngine())('migration 029 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('keys every nickname as it looks, the oldest keeping one that several look like', async () => {
    await migrate(t().db, '028_code_tickets');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([
        userRow(1, { nickname: 'demotrader', created_at: 10 }),
        userRow(2, { nickname: 'ＤｅｍｏＴｒａｄｅｒ', created_at: 20 }),
        // Created first though its id is higher: it keeps its nickname.
        userRow(3, { nickname: 'DemoTrader', created_at: 5 }),
        userRow(4, { nickname: 'Straße', created_at: 1 }),
        userRow(5, { nickname: 'STRASSE', created_at: 1 }),
        userRow(6, { nickname: `${smiles}A`, created_at: 1 }),
        userRow(7, { nickname: `${smiles}a`, created_at: 2 }),
        userRow(8, { nickname: 'Ülrich', created_at: 1 }),
        userRow(9, { nickname: 'Ulrich', created_at: 1 }),
      ])
      .execute();
    expect(await migrate(t().db, '029_nickname_key')).toEqual(['029_nickname_key']);

    const users = await k
      .selectFrom('users')
      .select(['id', 'nickname', 'nickname_key'])
      .orderBy('id')
      .execute();
    const nicknames = users.map((u) => u.nickname);
    expect(nicknames[0]).toMatch(/^demotrader_\d{4}$/);
    expect(nicknames[1]).toMatch(/^ＤｅｍｏＴｒａｄｅｒ_\d{4}$/);
    // Cut by characters to fit the 30 a nickname may have, never between the halves of a pair.
    expect(nicknames[6]).toMatch(new RegExp(`^${'😀'.repeat(25)}_\\d{4}$`, 'u'));
    expect([...nicknames[6]!]).toHaveLength(30);
    expect(nicknames[4]).toMatch(/^STRASSE_\d{4}$/);
    const kept = [2, 3, 5, 7, 8].map((i) => nicknames[i]);
    expect(kept).toEqual(['DemoTrader', 'Straße', `${smiles}A`, 'Ülrich', 'Ulrich']);
    for (const u of users) expect(u.nickname_key).toBe(nameKey(u.nickname));
    expect(new Set(users.map((u) => u.nickname_key)).size).toBe(users.length);

    expect(await nicknameAudit(k, ACTOR)).toEqual([
      ['user:1', { nickname: 'demotrader' }, { nickname: nicknames[0], lookedLike: 'user:3' }],
      ['user:2', { nickname: 'ＤｅｍｏＴｒａｄｅｒ' }, { nickname: nicknames[1], lookedLike: 'user:3' }],
      ['user:5', { nickname: 'STRASSE' }, { nickname: nicknames[4], lookedLike: 'user:4' }],
      ['user:7', { nickname: `${smiles}a` }, { nickname: nicknames[6], lookedLike: 'user:6' }],
    ]);

    // A look-alike written after is refused by the database itself.
    expect(
      await refusesUser(k, { ...userRow(10), nickname: 'DEMOTRADER', nickname_key: nameKey('DEMOTRADER') }),
    ).toBe(true);
  });

  it('keys every row of a table longer than one statement writes', async () => {
    await migrate(t().db, '028_code_tickets');
    const k = t().db.kysely;
    const ids = await insertManyUsers(k, (id) => userRow(id, { nickname: `Nick${id}` }));
    await migrate(t().db, '029_nickname_key');
    const users = await k
      .selectFrom('users')
      .select(['id', 'nickname', 'nickname_key'])
      .orderBy('id')
      .execute();
    expect(users.map((u) => [u.nickname, u.nickname_key])).toEqual(
      ids.map((id) => [`Nick${id}`, `nick${id}`]),
    );
  });
});
