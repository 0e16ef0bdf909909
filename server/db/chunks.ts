/** Rows per multi-row statement at most: with up to 16 columns a row, well under both engines'
 * limits on bound parameters (SQLite 32 766, PostgreSQL 65 535). A whole number of `STEP`s. */
const MOST = 288;
/** The sizes of slices under `MOST`: whole steps, and one slice under a step for what is left. */
const STEP = 32;

/**
 * `items` in slices small enough for one statement each, in few sizes: as many rows as whole steps
 * hold (at most `MOST`), then what is left under a step, so 1–31, 32, 64 … 288 rows: 40 sizes.
 * Each number of rows is a statement of its own, built and prepared the first time it is met unless
 * prepared ahead (`prepareSlices`, as the spot books do). A slice of every size up to 300 had the
 * spot thread prepare 177 new statements (0.3–0.5 ms each) in the second after the load stepped up
 * from 1 000 to 6 000 orders a second, and keep a few hundred (docs/spot-performance.md, thirtieth
 * session); a batch now runs at most one more statement a table.
 */
export const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length;) {
    const left = items.length - i;
    const size = left < STEP ? left : Math.min(left - (left % STEP), MOST);
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
};

/** Every size of slice `chunks` makes, smallest first. */
export const SLICE_SIZES: readonly number[] = Array.from({ length: MOST }, (_, i) => i + 1).filter(
  (n) => n < STEP || n % STEP === 0,
);
