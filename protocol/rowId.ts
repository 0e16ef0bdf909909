import { z } from 'zod';

/** The largest id a row can have: the tables' ids are PostgreSQL `serial`s (32-bit), so a larger
 * number names no row, and is refused as a parameter rather than sent to a database that would
 * fail on it. */
export const ROW_ID_MAX = 2_147_483_647;

/** A row's id in a JSON body. */
export const rowId = z.number().int().positive().max(ROW_ID_MAX);
/** A row's id in a query string (text there). */
export const rowIdParam = z.coerce.number().int().positive().max(ROW_ID_MAX);
