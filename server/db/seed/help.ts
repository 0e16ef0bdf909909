import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { HELP_CATEGORIES, LOCALES, type Locale } from '../../../protocol';
import type { Database } from '../schema';

const articlesSchema = z.array(
  z.strictObject({
    category: z.enum(HELP_CATEGORIES),
    title: z.string().min(1),
    body: z.string().min(1),
    slug: z.string().min(1),
  }),
);
type SeedArticles = z.infer<typeof articlesSchema>;

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'help');

export const readSeedHelp = (locale: Locale): SeedArticles =>
  articlesSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')));

/** The help centre's first articles in every locale, once: an empty table gets them (also on a
 * database that predates the help centre), one the operator has edited is left alone. */
export const seedHelpIfEmpty = async (db: Kysely<Database>, now = Date.now()): Promise<boolean> => {
  if (await db.selectFrom('help_articles').select('id').limit(1).executeTakeFirst()) return false;
  const rows = LOCALES.flatMap((locale) =>
    readSeedHelp(locale).map((a, sort) => ({ ...a, locale, sort, updated_at: now })),
  );
  await db.insertInto('help_articles').values(rows).execute();
  return true;
};
