/** Rows per multi-row statement: with up to 16 columns a row, well under both engines' limits on
 * bound parameters (SQLite 32 766, PostgreSQL 65 535). */
const ROWS_PER_STATEMENT = 300;

/** `items` in slices small enough for one statement each. */
export const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
};
