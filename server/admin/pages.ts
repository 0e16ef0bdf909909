import { ADMIN_PAGE_SIZE_MAX } from '../../protocol';

/** A list as long as one page may hold more behind it. */
export const full = (rows: readonly unknown[]) => rows.length >= ADMIN_PAGE_SIZE_MAX;
export const MORE = `(the first ${ADMIN_PAGE_SIZE_MAX} of a status shown: review them to see the next)`;
