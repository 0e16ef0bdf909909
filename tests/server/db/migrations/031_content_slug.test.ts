import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('migration 031 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('links the seeded notices and articles by slug, leaving retitled and operator rows unlinked', async () => {
    await migrate(t().db, '030_nickname_skeleton');
    const k = t().db.kysely;
    const notice = (id: number, locale: string, title: string) =>
      sql`insert into notices (id, locale, title, message, created_at) values (${id}, ${locale}, ${title}, 'x', 1)`.execute(
        k,
      );
    await notice(1, 'us', 'New pairs listed');
    await notice(2, 'cn', '新交易对上线');
    // Posted again by an operator: the older row is the seeded one.
    await notice(3, 'us', 'New pairs listed');
    await notice(4, 'de', 'Neue Paare – überarbeitet');
    await sql`insert into help_articles (id, locale, category, title, body, sort, updated_at)
      values (1, 'jp', 'staking', 'ステーキングの仕組み', 'x', 0, 1)`.execute(k);
    expect(await migrate(t().db, '031_content_slug')).toEqual(['031_content_slug']);

    const notices = await k.selectFrom('notices').select(['id', 'slug']).orderBy('id').execute();
    expect(notices).toEqual([
      { id: 1, slug: 'new-pairs-listed' },
      { id: 2, slug: 'new-pairs-listed' },
      { id: 3, slug: null },
      { id: 4, slug: null },
    ]);
    expect(await k.selectFrom('help_articles').select('slug').execute()).toEqual([{ slug: 'staking' }]);
    // One slug per locale, kept by the database itself.
    await expect(
      k.updateTable('notices').set({ slug: 'new-pairs-listed' }).where('id', '=', 3).execute(),
    ).rejects.toThrow();
  });
});
