import { z } from 'zod';

/** The highest page a list is read to: past it a query is refused rather than made to skip
 * millions of rows. */
const PAGE_MAX = 10_000;

/** The page and size fields of a list's query (from a query string, hence coerced): page 1 …
 * 10 000, `size` rows at most `maxSize`, `defaultSize` when not asked. */
export const pageQueryFields = (maxSize = 100, defaultSize = 20) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/** One page of a list as answered: its rows, which page, its size and the list's whole length. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
