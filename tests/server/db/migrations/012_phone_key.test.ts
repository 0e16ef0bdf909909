import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { userRow } from './rows';

describe.each(forEachEngine())('migration 012 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('gives every phone number its +, leaving one another account already holds with a + as it is', async () => {
    await migrate(t().db, '011_auth_epoch');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([
        userRow(1, { phone: '4915112345678' }),
        userRow(2, { phone: '+447700900123' }),
        userRow(3, { phone: null }),
        userRow(4, { phone: '8613800000000' }),
        userRow(5, { phone: '+8613800000000' }),
      ])
      .execute();
    expect(await migrate(t().db, '012_phone_key')).toEqual(['012_phone_key']);
    const phones = await k.selectFrom('users').select(['id', 'phone']).orderBy('id').execute();
    expect(phones).toEqual([
      { id: 1, phone: '+4915112345678' },
      { id: 2, phone: '+447700900123' },
      { id: 3, phone: null },
      { id: 4, phone: '8613800000000' },
      { id: 5, phone: '+8613800000000' },
    ]);
  });
});
