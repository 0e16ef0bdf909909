import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { userRow } from './rows';

describe.each(forEachEngine())('migration 013 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('adds what the chain showed to deposits, none on the ones already there', async () => {
    await migrate(t().db, '012_phone_key');
    const k = t().db.kysely;
    await k.insertInto('users').values(userRow(1)).execute();
    const deposit = {
      user_id: 1,
      coin: 'USDT',
      network: 'TRC20',
      address: 'T1',
      memo: '',
      amount: '4000000000',
      credited_amount: '0',
      tx_hash: null,
      status: 'fail',
      note: 'app.data.deposit_below_min',
      created_at: 1,
      updated_at: 2,
    };
    await k.insertInto('deposits').values(deposit).execute();
    expect(await migrate(t().db, '013_deposit_received')).toEqual(['013_deposit_received']);
    expect(await k.selectFrom('deposits').selectAll().execute()).toEqual([
      { ...deposit, id: 1, received_amount: null },
    ]);
  });
});
