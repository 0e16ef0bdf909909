type Load<T> = () => Promise<T>;

/** How long a prefetched answer stays good enough for the screen that asked for it. */
const FRESH_MS = 10_000;

const warm = new Map<Load<unknown>, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a request a screen will make while the screen's code is still downloading, so the two
 * travel together instead of one after the other. The screen takes the answer with `prefetched`.
 */
export const prefetch = (load: Load<unknown>) => {
  const held = warm.get(load);
  if (held && Date.now() - held.at < FRESH_MS) return;
  const answer = load();
  // Whoever takes the answer handles its failure; one nobody takes must not be reported unhandled.
  answer.catch(() => undefined);
  warm.set(load, { at: Date.now(), answer });
};

/** Takes an answer that came with the page (app/boot.ts) as if `load` had just fetched it. */
export const preload = <T>(load: Load<T>, answer: T) => {
  warm.set(load, { at: Date.now(), answer: Promise.resolve(answer) });
};

/** The answer `prefetch` started for `load` while still fresh, else a new request; handed out once. */
export const prefetched = <T>(load: Load<T>): Promise<T> => {
  const held = warm.get(load);
  warm.delete(load);
  return held && Date.now() - held.at < FRESH_MS ? (held.answer as Promise<T>) : load();
};
