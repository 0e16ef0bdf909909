import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';
import { userRow } from './rows';

describe.each(forEachEngine())('migration 015 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('drops memos from saved addresses of networks without one, keeping one entry per destination', async () => {
    await migrate(t().db, '014_deposit_tx_hash');
    const k = t().db.kysely;
    await k
      .insertInto('users')
      .values([userRow(1), userRow(2)])
      .execute();
    const entry = (user_id: number, network: string, address: string, memo: string, remark: string) => ({
      user_id,
      coin: network === 'XRP' ? 'XRP' : 'USDT',
      network,
      address,
      memo,
      remark,
      created_at: 1,
    });
    await k
      .insertInto('withdraw_addresses')
      .values([
        entry(1, 'TRC20', 'Tone', 'abc', 'stray memo alone'),
        entry(1, 'TRC20', 'Ttwo', '', 'plain'),
        entry(1, 'TRC20', 'Ttwo', 'abc', 'twin of plain'),
        entry(1, 'ERC20', '0xthree', 'x1', 'first of two memos'),
        entry(1, 'ERC20', '0xthree', 'x2', 'second of two memos'),
        entry(1, 'XRP', 'rfour', '12345', 'tag kept'),
        entry(2, 'TRC20', 'Ttwo', 'abc', 'another user'),
      ])
      .execute();
    expect(await migrate(t().db, '015_address_memo')).toEqual(['015_address_memo']);
    const rows = await k
      .selectFrom('withdraw_addresses')
      .select(['user_id', 'address', 'memo', 'remark'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: 1, address: 'Tone', memo: '', remark: 'stray memo alone' },
      { user_id: 1, address: 'Ttwo', memo: '', remark: 'plain' },
      { user_id: 1, address: '0xthree', memo: '', remark: 'first of two memos' },
      { user_id: 1, address: 'rfour', memo: '12345', remark: 'tag kept' },
      { user_id: 2, address: 'Ttwo', memo: '', remark: 'another user' },
    ]);
  });
});
