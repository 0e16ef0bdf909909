import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { isUniqueViolation } from '../../../../server/db/repos/uniqueViolation';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { pledgeRow, productRow, userRow } from './rows';

const deposit = (id: number, user_id: number, request_key?: string | null) => ({
  id,
  user_id,
  coin: 'USDT',
  network: 'TRC20',
  address: 'T1',
  memo: '',
  amount: '10000000000',
  status: 'pending',
  created_at: id,
  updated_at: id,
  ...(request_key === undefined ? {} : { request_key }),
});

describe.each(forEachEngine())('migration 023 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('gives pledges and deposits an optional request key, unique per account', async () => {
    await migrate(t().db, '022_owner_index_back');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([userRow(1), userRow(2)])
      .execute();
    await k.insertInto('defi_products').values(productRow()).execute();
    await k.insertInto('defi_pledges').values(pledgeRow(1, 1)).execute();
    await k.insertInto('deposits').values(deposit(1, 1)).execute();

    expect(await migrate(t().db, '023_request_keys')).toEqual(['023_request_keys']);

    // Rows from before keep no key; rows without one may be many.
    await k
      .insertInto('defi_pledges')
      .values([pledgeRow(2, 1), pledgeRow(3, 1, 'key-aaaa-0001')])
      .execute();
    await k
      .insertInto('deposits')
      .values([deposit(2, 1), deposit(3, 1, 'key-aaaa-0001')])
      .execute();
    for (const table of ['defi_pledges', 'deposits'] as const) {
      const rows = await k.selectFrom(table).select(['id', 'request_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 1, request_key: null },
        { id: 2, request_key: null },
        { id: 3, request_key: 'key-aaaa-0001' },
      ]);
    }
    // The same key: refused for the same account, another account's own.
    const again = (table: 'defi_pledges' | 'deposits', user: number) =>
      table === 'defi_pledges'
        ? k
            .insertInto(table)
            .values(pledgeRow(4, user, 'key-aaaa-0001'))
            .execute()
        : k
            .insertInto(table)
            .values(deposit(4, user, 'key-aaaa-0001'))
            .execute();
    for (const table of ['defi_pledges', 'deposits'] as const) {
      const refused = await again(table, 1).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(refused)).toBe(true);
      await again(table, 2);
    }
  });
});
