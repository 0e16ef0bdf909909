import { sql } from 'kysely';
import { LOCALES } from '../../../protocol';
import { readSeedContent } from '../seed/content';
import { readSeedHelp } from '../seed/help';
import { whole, type MigrationFn } from './helpers';

/**
 * The translations of one notice or help article share a `slug`, unique per locale, so one opened
 * by the id of any of them (a link shared by a reader of another language, a screen whose reader
 * switched language) is served in the reader's language. Null is a row linked to none.
 *
 * The seeded rows get their seed's slug, found by locale and title: an operator who has retitled
 * one has made it their own, and links it themselves. Where a title is there twice, the oldest row
 * is the seeded one.
 */
export const up: MigrationFn = whole(async (db) => {
  const seeded = {
    notices: (locale: (typeof LOCALES)[number]) => readSeedContent(locale).notices,
    help_articles: readSeedHelp,
  };
  for (const [table, seed] of Object.entries(seeded)) {
    await db.schema.alterTable(table).addColumn('slug', 'varchar(64)').execute();
    await db.schema
      .createIndex(`${table}_slug_locale_unique`)
      .unique()
      .on(table)
      .columns(['slug', 'locale'])
      .execute();
    const t = sql.table(table);
    for (const locale of LOCALES)
      for (const { title, slug } of seed(locale))
        await sql`update ${t} set slug = ${slug} where id = (
          select min(id) from ${t} where locale = ${locale} and title = ${title} and slug is null
        )`.execute(db);
  }
});
