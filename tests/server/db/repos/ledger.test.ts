import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerStore } from '../../../../server/db/repos/ledger';
import type { PostedEntry } from '../../../../server/domain/ledger/types';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

const NOW = Date.UTC(2026, 0, 1);
/** The largest amount a 64-bit integer holds, and one past it. */
const INT64_MAX = 2n ** 63n - 1n;
const PAST_INT64 = 2n ** 63n;

const entry = (available: bigint, after: bigint): PostedEntry => ({
  userId: 9,
  asset: 'SHIB',
  available,
  frozen: 0n,
  type: 'app.data.deposit',
  ref: 'deposit:9',
  after: { available: after, frozen: 0n },
  createdAt: NOW,
});

describe.each(forEachEngine())('the ledger’s rows on %s', (engine, open) => {
  const t = useTestDb(open);

  it('stores every amount as its digits, within 64 bits and beyond', async () => {
    const { kysely } = t().db;
    await kysely.transaction().execute(async (trx) => {
      const store = ledgerStore(trx, engine);
      await store.save(
        [
          { userId: 9, asset: 'SHIB', available: PAST_INT64 * 10n, frozen: INT64_MAX },
          { userId: 9, asset: 'USDT', available: 0n, frozen: 1n },
        ],
        NOW,
      );
      await store.journal([entry(-INT64_MAX, 5n), entry(PAST_INT64, PAST_INT64 * 10n)]);
    });
    const balances = await sql<{ asset: string; available: unknown; frozen: unknown; kind: string }>`
      select asset, available, frozen, ${sql.raw(engine === 'sqlite' ? 'typeof(available)' : 'pg_typeof(available)::text')} as kind
      from balances where user_id = 9 order by asset`.execute(kysely);
    expect(balances.rows).toEqual([
      { asset: 'SHIB', available: '92233720368547758080', frozen: '9223372036854775807', kind: 'text' },
      { asset: 'USDT', available: '0', frozen: '1', kind: 'text' },
    ]);
    const journal = await kysely
      .selectFrom('journal')
      .select(['available_change', 'available_after'])
      .where('user_id', '=', 9)
      .orderBy('id')
      .execute();
    expect(journal).toEqual([
      { available_change: '-9223372036854775807', available_after: '5' },
      { available_change: '9223372036854775808', available_after: '92233720368547758080' },
    ]);
  });

  it('refuses a negative balance however the amount is bound, writing nothing', async () => {
    const { kysely } = t().db;
    for (const available of [-1n, -PAST_INT64, -PAST_INT64 * 10n])
      await expect(
        kysely.transaction().execute(async (trx) => {
          const store = ledgerStore(trx, engine);
          await store.journal([entry(available, available)]);
          await store.save([{ userId: 9, asset: 'SHIB', available, frozen: 0n }], NOW);
        }),
      ).rejects.toThrow(/balances_available_nonneg/);
    expect(await kysely.selectFrom('balances').selectAll().where('user_id', '=', 9).execute()).toEqual([]);
    expect(await kysely.selectFrom('journal').selectAll().where('user_id', '=', 9).execute()).toEqual([]);
  });
});
