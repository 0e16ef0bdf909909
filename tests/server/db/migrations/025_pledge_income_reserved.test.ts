import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { pledgeRow, productRow, userRow } from './rows';

describe.each(forEachEngine())('migration 025 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('marks the pledges made before it as having no income set aside, and takes the mark on new ones', async () => {
    await migrate(t().db, '024_journal_bigint');
    const k = t().db.kysely;
    await k.insertInto('users').values(userRow(1)).execute();
    await k.insertInto('defi_products').values(productRow()).execute();
    await k.insertInto('defi_pledges').values(pledgeRow(1, 1)).execute();

    expect(await migrate(t().db, '025_pledge_income_reserved')).toEqual(['025_pledge_income_reserved']);

    await k
      .insertInto('defi_pledges')
      .values({ ...pledgeRow(2, 1), income_reserved: 1 })
      .execute();
    const rows = await k.selectFrom('defi_pledges').select(['id', 'income_reserved']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, Number(r.income_reserved)])).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });
});
