import { ADMIN_PAGE_SIZE_MAX } from '../../protocol';
import { options } from './args';

/** A list as long as one page may hold more behind it. */
export const full = (rows: readonly unknown[]) => rows.length >= ADMIN_PAGE_SIZE_MAX;

/** A list command's arguments: at most one STATUS, and `--page=N` with the `extra` options, in any
 * order; or what is wrong with them. */
export const listArgs = (
  rest: readonly string[],
  extra: readonly string[] = [],
): { status: string | undefined; options: Record<string, string | number> } | string => {
  const positional = rest.filter((a) => !a.startsWith('--'));
  if (positional.length > 1) return `one status at most: ${positional.join(' ')}`;
  const o = options(
    rest.filter((a) => a.startsWith('--')),
    ['page', ...extra],
    ['page'],
  );
  return typeof o === 'string' ? o : { status: positional[0], options: o };
};

/** The line under a full page: the command that shows the next. */
export const nextPage = (command: string, page: number, shown: number) =>
  `(page ${page}: ${shown} shown; the next: ${command} --page=${page + 1})`;
