import { z } from 'zod';

/** The largest id a row can have: the tables' ids are PostgreSQL `serial`s (32-bit), so a larger
 * number names no row, and is refused as a parameter rather than sent to a database that would
 * fail on it. */
export const ROW_ID_MAX = 2_147_483_647;

/** A row's id in a JSON body. */
export const rowId = z.number().int().positive().max(ROW_ID_MAX);
/** A row's id as text (a query string, an address): plain digits only, since `Number` also reads
 * `0x22` as 34, `1e1` as 10 and ` 1` as 1, and an address so written opened a record it does not
 * name. Ten digits at most: anything longer is past `ROW_ID_MAX` anyway. */
export const ROW_ID_DIGITS = /^[1-9]\d{0,9}$/;

/** A whole number 1 … `max` in a query string: plain digits, no leading zero, for the reason
 * above (and an empty value, which `Number` reads as 0). Sixteen digits at most: past them
 * `Number` rounds. */
export const wholeParam = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** A row's id in a query string. */
export const rowIdParam = wholeParam(ROW_ID_MAX);
