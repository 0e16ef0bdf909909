import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CONTENT_TYPES, LOCALES, type Locale } from '../../../protocol';

const localeContentSchema = z.strictObject({
  popups: z.array(z.strictObject({ title: z.string().min(1), content: z.string().min(1) })),
  carousel: z.array(
    z.strictObject({ title: z.string().min(1), image: z.string().min(1), link: z.string().min(1) }),
  ),
  contents: z.array(
    z.strictObject({ type: z.enum(CONTENT_TYPES), title: z.string().min(1), body: z.string().min(1) }),
  ),
  notices: z.array(
    z.strictObject({ title: z.string().min(1), message: z.string().min(1), slug: z.string().min(1) }),
  ),
});
type LocaleContent = z.infer<typeof localeContentSchema>;

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content');

export const readSeedContent = (locale: Locale): LocaleContent =>
  localeContentSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')));

export const readAllSeedContent = (): Record<Locale, LocaleContent> =>
  Object.fromEntries(LOCALES.map((l) => [l, readSeedContent(l)])) as Record<Locale, LocaleContent>;
