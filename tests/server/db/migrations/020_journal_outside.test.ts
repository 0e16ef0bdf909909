import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LEDGER_TYPES } from '../../../../protocol';
import { migrate } from '../../../../server/db/migrate';
import { SPOT_TYPE_PREFIX } from '../../../../server/db/migrations/020_journal_outside';
import { ownersOutsideSpot } from '../../../../server/jobs/journalTail';
import { journalRow } from '../../helpers/rows';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe('migration 020', () => {
  it('leaves out of its index only the types the spot books write: the tail reads every other one', () => {
    expect(LEDGER_TYPES.filter((t) => t.startsWith(SPOT_TYPE_PREFIX)).sort()).toEqual([
      'app.data.spot_fee',
      'app.data.spot_freeze',
      'app.data.spot_release',
      'app.data.spot_trade',
    ]);
  });
});

describe.each(forEachEngine())('migration 020 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('indexes the entries written before it as after it, and the tail finds their owners', async () => {
    await migrate(t().db, '019_listed_owner');
    const k = t().db.kysely;
    await k
      .insertInto('journal')
      .values([
        journalRow(7, 1, { type: 'app.data.spot_trade' }),
        journalRow(8, 2, { type: 'app.data.deposit' }),
        journalRow(9, 3, { type: 'app.data.spot_fee' }),
      ])
      .execute();

    expect(await migrate(t().db, '020_journal_outside')).toEqual(['020_journal_outside']);
    await k
      .insertInto('journal')
      .values([
        journalRow(10, 4, { type: 'app.data.spot_freeze' }),
        journalRow(11, 5, { type: 'app.data.withdraw' }),
      ])
      .execute();

    const owners = async (after: number, upto: number) =>
      (await ownersOutsideSpot(t().db, after, upto).execute()).map((r) => r.user_id);
    expect(await owners(0, 5)).toEqual([8, 11]);
    expect(await owners(2, 5)).toEqual([11]);
    expect(await owners(0, 1)).toEqual([]);
  });

  it.runIf(engine === 'sqlite')('holds only the entries the spot books did not write', async () => {
    await migrate(t().db);
    const k = t().db.kysely;
    await k
      .insertInto('journal')
      .values(
        Array.from({ length: 40 }, (_, i) =>
          journalRow(1 + (i % 4), i + 1, { type: i % 10 === 0 ? 'app.data.deposit' : 'app.data.spot_trade' }),
        ),
      )
      .execute();
    const { rows } = await sql<{ ncell: number }>`select sum(ncell) as ncell from dbstat
      where name = 'journal_outside_idx' and pagetype = 'leaf'`.execute(k);
    expect(rows[0]!.ncell).toBe(4);
  });
});
