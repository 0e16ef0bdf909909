// Plain JavaScript: shared with the log's flusher thread (logFlusherThread.mjs), which does not get
// the TypeScript loader the server runs under.

/** The slots of the counts the three threads share (a BigInt64Array over `LogFlusher.shared`,
 * logFlusher.ts): the spot thread's writes it asked to have flushed, those flushed, and whether to
 * stop. */
export const ASKED = 0;
export const FLUSHED = 1;
export const STOP = 2;
/** How many there are. */
export const SLOTS = 3;
