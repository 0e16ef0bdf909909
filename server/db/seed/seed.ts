import type { Kysely } from 'kysely';
import { LOCALES } from '../../../protocol';
import type { Database } from '../schema';
import { readAllSeedContent } from './content';
import { DEFAULT_PAIRS, DEFAULT_SITE_CONFIG } from './defaults';

/** First start only: an exchange whose config table is empty gets the default config, pairs and
 * content for every locale, in one transaction, so a crash mid-seed leaves nothing half-written. */
export const seedIfEmpty = async (db: Kysely<Database>, now = Date.now()): Promise<boolean> => {
  const existing = await db.selectFrom('site_config').select('key').limit(1).execute();
  if (existing.length > 0) return false;
  const content = readAllSeedContent();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('site_config')
      .values(
        Object.entries(DEFAULT_SITE_CONFIG).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
      )
      .execute();
    await trx
      .insertInto('pairs')
      .values(DEFAULT_PAIRS.map((coin, i) => ({ tradecoin: coin, settlecoin: 'USDT', sort: i, enabled: 1 })))
      .execute();
    for (const locale of LOCALES) {
      const c = content[locale];
      if (c.popups.length)
        await trx
          .insertInto('popups')
          .values(c.popups.map((p, sort) => ({ ...p, locale, sort })))
          .execute();
      if (c.carousel.length)
        await trx
          .insertInto('carousel')
          .values(c.carousel.map((p, sort) => ({ ...p, locale, sort })))
          .execute();
      if (c.contents.length)
        await trx
          .insertInto('contents')
          .values(c.contents.map((p, sort) => ({ ...p, locale, sort })))
          .execute();
      // Oldest first in the file, so later notices get later times and list first.
      if (c.notices.length)
        await trx
          .insertInto('notices')
          .values(
            c.notices.map((p, i) => ({
              ...p,
              locale,
              created_at: now - (c.notices.length - i) * 86_400_000,
            })),
          )
          .execute();
    }
  });
  return true;
};
