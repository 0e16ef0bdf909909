import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { OWNERS_SCHEMA } from '../../../../server/db/ownerIndexFile';
import { catchUpUserIndex, ownedPage } from '../../../../server/db/userIndex';
import { indexedByOwner, writeOwnedRows } from '../../helpers/ownerIndex';
import { forEachSharedEngine, useTestDb } from '../../helpers/testDb';

// On the file-backed SQLite connection the server uses, and on PostgreSQL.
describe.each(forEachSharedEngine())('migration 021 on %s', (engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('moves the index by owner out of the ledger’s file on SQLite, made again from the rows', async () => {
    await migrate(t().db, '020_journal_outside');
    const k = t().db.kysely;
    await writeOwnedRows(k);
    // Indexed in the ledger's file, as a round before this migration left it.
    if (engine === 'sqlite')
      await sql`insert into journal_by_user (user_id, id) select user_id, id from journal`.execute(k);
    expect(await migrate(t().db)).toEqual(['021_owner_index_file']);

    if (engine === 'sqlite') {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master
        where name like '%by_user' or name like '%unindex' or name = 'owner_index_marks'`.execute(k);
      expect(rows).toEqual([]);
    }

    // Every row is listed, indexed or not, and the catch-up indexes them in the new file.
    const listed = async () =>
      (await ownedPage(t().db.listings, 'journal', 7, { offset: 0, limit: 20 })).rows.map((r) =>
        Number(r.id),
      );
    expect(await listed()).toEqual([3, 1]);
    await catchUpUserIndex(t().indexWriter);
    expect(await listed()).toEqual([3, 1]);
    expect(
      await indexedByOwner(t().db.listings, 'journal', engine === 'sqlite' ? OWNERS_SCHEMA : undefined),
    ).toEqual([
      [7, 1],
      [7, 3],
      [8, 2],
    ]);
  });
});
