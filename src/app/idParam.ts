/** The record id a query parameter names (`?id=34`), or NaN when it names none. Only plain digits
 * count: `Number` also reads `0x22` as 34 and `1e1` as 10, and an address so written opened a
 * record it does not name. */
export const idParam = (text: string | null): number =>
  text !== null && /^[1-9]\d*$/.test(text) ? Number(text) : Number.NaN;
