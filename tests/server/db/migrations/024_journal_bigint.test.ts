import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { createLedger } from '../../../../server/domain/ledger/ledger';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('migration 024 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('lets the journal run past 32-bit ids', async () => {
    await migrate(t().db, '023_request_keys');
    const k = t().db.kysely;
    // The next id is the last a 32-bit column holds.
    if (engine === 'postgres') await sql`select setval('journal_id_seq', 2147483646)`.execute(k);
    else await sql`insert into sqlite_sequence (name, seq) values ('journal', 2147483646)`.execute(k);
    expect(await migrate(t().db, '024_journal_bigint')).toEqual(['024_journal_bigint']);

    const ledger = createLedger(t().db);
    for (let i = 0; i < 3; i++)
      await ledger.post(
        [
          {
            userId: 7,
            asset: 'USDT',
            available: 100n,
            frozen: 0n,
            type: 'app.data.deposit',
            ref: `deposit:${i}`,
          },
        ],
        1 + i,
      );
    const ids = (await k.selectFrom('journal').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    expect(ids).toEqual([2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1]);
    expect((await ledger.financ(7, { page: 1, size: 10 })).total).toBe(3);
    expect(await ledger.balances(7)).toEqual([
      { asset: 'USDT', available: '0.00000300', frozen: '0.00000000' },
    ]);
  });
});
