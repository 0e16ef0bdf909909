/**
 * Lower case as PostgreSQL's `lower()` gives it on a UTF-8 database (a libc locale such as
 * C.UTF-8): each code point to its simple lower-case mapping, one for one, so the text never
 * lengthens. JavaScript's `toLowerCase` applies the full mappings instead (İ becomes i + a
 * combining dot, Σ at a word's end ς), which PostgreSQL does not; a pattern folded that way would
 * miss what the database folded. Used for both sides of a caseless match: the text searched for,
 * and on SQLite, whose own `lower()` folds ASCII only, the column (registered as `lower` on every
 * connection, connect.ts).
 */
export const foldCase = (text: string): string => {
  // ASCII, nearly every name and address, needs no look at each character.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    // A full mapping longer than the character (only İ among lower-case ones) starts with its
    // simple mapping.
    out += lower.length === ch.length ? lower : String.fromCodePoint(lower.codePointAt(0)!);
  }
  return out;
};

/** SQLite's `lower(x)` with `foldCase`: NULL stays NULL, a number or a blob is read as text first,
 * as the built-in one does. */
export const sqliteLower = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : foldCase(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
