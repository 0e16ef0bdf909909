import { ROW_ID_MAX } from '../../protocol/rowId';

/** The record id a query parameter names (`?id=34`), or NaN when it names none. Only plain digits
 * count: `Number` also reads `0x22` as 34 and `1e1` as 10, and an address so written opened a
 * record it does not name. Nor does a number past the largest id a row can have. */
export const idParam = (text: string | null): number => {
  const id = text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  return id <= ROW_ID_MAX ? id : Number.NaN;
};
