/**
 * Lets one report through every `everyMs` and counts the ones it holds back in between. A failing
 * database fails everything at once, the same way: one line with a count says all of it, where a
 * line for each buries whatever else is logged.
 *
 * The returned function answers, for a report that may go out now, how many were held back since
 * the last one; for a report to hold back, undefined.
 */
export const reportEvery = (everyMs: number, now: () => number = Date.now) => {
  let lastAt = -Infinity;
  let held = 0;
  return (): number | undefined => {
    const at = now();
    if (at - lastAt < everyMs) {
      held += 1;
      return undefined;
    }
    lastAt = at;
    const since = held;
    held = 0;
    return since;
  };
};
