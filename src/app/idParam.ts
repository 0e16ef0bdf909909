import { ROW_ID_DIGITS, ROW_ID_MAX } from '../../protocol/rowId';

/** The record id a query parameter names (`?id=34`), or NaN when it names none: plain digits only
 * (`ROW_ID_DIGITS`), and no number past the largest id a row can have. */
export const idParam = (text: string | null): number => {
  const id = text !== null && ROW_ID_DIGITS.test(text) ? Number(text) : Number.NaN;
  return id <= ROW_ID_MAX ? id : Number.NaN;
};
