import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb, type TestDb } from '../../helpers/testDb';
import { userRow } from './rows';

const epoch = async (t: TestDb) =>
  Number((await t.db.kysely.selectFrom('auth_epoch').select('n').executeTakeFirstOrThrow()).n);

describe.each(forEachEngine())('migration 011 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('moves the auth epoch on every change to a user or a session, and on nothing else', async () => {
    await migrate(t().db, '010_user_index_tail');
    expect(await migrate(t().db, '011_auth_epoch')).toEqual(['011_auth_epoch']);
    const k = t().db.kysely;
    expect(await epoch(t())).toBe(0);

    await k
      .insertInto('users')
      .values([userRow(1), userRow(2)])
      .execute();
    const session = (id: number, subject: number) => ({
      id,
      token_hash: `hash${id}`,
      kind: 'user' as const,
      subject_id: subject,
      created_at: 1,
      expires_at: 2,
      revoked_at: null,
    });
    await k
      .insertInto('sessions')
      .values([session(1, 1), session(2, 2)])
      .execute();
    await k
      .insertInto('balances')
      .values({ user_id: 1, asset: 'USDT', available: '1', frozen: '0', updated_at: 1 })
      .execute();
    expect(await epoch(t())).toBe(0);

    const moves = async (change: () => Promise<unknown>) => {
      const before = await epoch(t());
      await change();
      return (await epoch(t())) > before;
    };
    expect(await moves(() => k.updateTable('users').set({ locked: 1 }).where('id', '=', 1).execute())).toBe(
      true,
    );
    expect(await moves(() => k.updateTable('users').set({ certification: 2 }).execute())).toBe(true);
    expect(
      await moves(() => k.updateTable('sessions').set({ revoked_at: 5 }).where('id', '=', 1).execute()),
    ).toBe(true);
    expect(await moves(() => k.deleteFrom('sessions').where('id', '=', 2).execute())).toBe(true);
    expect(await moves(() => k.deleteFrom('sessions').where('id', '=', 1).execute())).toBe(true);
    expect(await moves(() => k.deleteFrom('users').where('id', '=', 2).execute())).toBe(true);
    expect(await moves(() => k.updateTable('balances').set({ available: '2' }).execute())).toBe(false);
  });
});
