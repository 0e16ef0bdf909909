import { describe, expect, it } from 'vitest';
import { usersRepo } from '../../../../server/db/repos/users';
import type { NewUser } from '../../../../server/domain/accounts/ports';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const user = (n: number, over: Partial<NewUser>): NewUser => ({
  username: `user${n}`,
  nickname: `nick${n}`,
  email: `u${n}@example.com`,
  phone: null,
  inviteCode: `INV${n}`,
  inviterId: null,
  certification: 0,
  passwordHash: 'x',
  createdAt: 1000 + n,
  ...over,
});

describe.each(forEachEngine())('the operators’ user search on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('finds names outside ASCII whatever their case, as on the other engine', async () => {
    const users = usersRepo(t().db.kysely);
    const ulrich = await users.insert(user(1, { nickname: 'Ülrich Straße' }));
    const istanbul = await users.insert(user(2, { nickname: 'İSTANBUL', email: 'ÅSA@example.com' }));
    const greek = await users.insert(user(3, { nickname: 'ΟΔΥΣΣΕΥΣ' }));
    await users.insert(user(4, { nickname: 'Ulrich' }));
    const ids = async (q: string) => (await users.search(q, { offset: 0, limit: 10 })).map((u) => u.id);

    expect(await ids('ülrich')).toEqual([ulrich]);
    expect(await ids('ÜLRICH')).toEqual([ulrich]);
    expect(await ids('straße')).toEqual([ulrich]);
    expect(await ids('istanbul')).toEqual([istanbul]);
    expect(await ids('İstanbul')).toEqual([istanbul]);
    expect(await ids('åsa@')).toEqual([istanbul]);
    expect(await ids('οδυσσευσ')).toEqual([greek]);
    expect(await ids('ΟΔΥΣΣΕΥΣ')).toEqual([greek]);
    // ASCII as before, and a wildcard is a character like any other.
    expect(await ids('ULRICH')).toHaveLength(1);
    expect(await ids('%')).toEqual([]);
  });

  it('finds a nickname by what it looks like, full-width letters by the plain ones', async () => {
    const users = usersRepo(t().db.kysely);
    const wide = await users.insert(user(1, { nickname: 'ＤｅｍｏＴｒａｄｅｒ' }));
    const ids = async (q: string) => (await users.search(q, { offset: 0, limit: 10 })).map((u) => u.id);
    expect(await ids('demotrader')).toEqual([wide]);
    expect(await ids('TRADER')).toEqual([wide]);
    expect(await ids('ｔｒａｄｅｒ')).toEqual([wide]);
    expect(await ids('trader_')).toEqual([]);
    expect(await ids('\u200b')).toEqual([]);
  });
});

describe.each(forEachEngine())('the holder of a nickname on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('is found by case and width or by look, and is never the account left out', async () => {
    const users = usersRepo(t().db.kysely);
    const i = await users.insert(user(1, { nickname: 'ian' }));
    const l = await users.insert(user(2, { nickname: 'lan' }));
    const holder = async (nickname: string, except?: number) =>
      (await users.findByNickname(nickname, except))?.id;
    // "IAN" is "ian" in capitals, and looks like "lan" (an I like an l).
    expect(await holder('IAN', l)).toBe(i);
    expect(await holder('IAN', i)).toBe(l);
    // A Cyrillic і.
    expect(await holder('\u0456an', l)).toBe(i);
    expect(await holder('\u0456an', i)).toBeUndefined();
    expect(await holder('Ivan')).toBeUndefined();
  });
});

describe.each(forEachEngine())('replacing a password hash on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('stores the new hash only while the old one is still there', async () => {
    const users = usersRepo(t().db.kysely);
    const id = await users.insert(user(1, { passwordHash: 'old' }));
    await users.update(id, { withdrawPasswordHash: 'w-old' });
    await users.replaceHash(id, 'passwordHash', 'old', 'rehashed');
    await users.replaceHash(id, 'withdrawPasswordHash', 'w-old', 'w-rehashed');
    expect(await users.findById(id)).toMatchObject({
      passwordHash: 'rehashed',
      withdrawPasswordHash: 'w-rehashed',
    });
    // A password changed between the check and the new hash stays changed.
    await users.update(id, { passwordHash: 'changed' });
    await users.replaceHash(id, 'passwordHash', 'rehashed', 'stale');
    expect((await users.findById(id))?.passwordHash).toBe('changed');
  });
});

describe.each(forEachEngine())('the usernames of a list’s users on %s', (_engine, open) => {
  const t = useTestDb(open);

  it('reads each id once, whatever the repeats, and none for an empty list', async () => {
    const users = usersRepo(t().db.kysely);
    const one = await users.insert(user(1, {}));
    const two = await users.insert(user(2, {}));
    await users.insert(user(3, {}));
    expect(await users.usernames([two, one, two, 999])).toEqual(
      new Map([
        [one, 'user1'],
        [two, 'user2'],
      ]),
    );
    expect(await users.usernames([])).toEqual(new Map());
  });
});
