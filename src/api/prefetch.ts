import type { Locale } from '../../protocol';
import { requestLocale } from '../state/locale';

type Load<T> = () => Promise<T>;

/** How long a prefetched answer stays good enough for the screen that asked for it. */
const FRESH_MS = 10_000;

const warm = new Map<Load<unknown>, { at: number; locale: Locale; answer: Promise<unknown> }>();

/**
 * Starts a request a screen will make while the screen's code is still downloading, so the two
 * travel together instead of one after the other. The screen takes the answer with `prefetched`.
 */
export const prefetch = (load: Load<unknown>) => {
  const held = warm.get(load);
  if (held && Date.now() - held.at < FRESH_MS) return;
  const locale = requestLocale();
  const answer = load();
  // Whoever takes the answer handles its failure; one nobody takes must not be reported unhandled.
  answer.catch(() => undefined);
  warm.set(load, { at: Date.now(), locale, answer });
};

/** Takes an answer that came with the page (app/boot.ts), in `locale`, as if `load` had just
 * fetched it. */
export const preload = <T>(load: Load<T>, answer: T, locale: Locale) => {
  warm.set(load, { at: Date.now(), locale, answer: Promise.resolve(answer) });
};

/** The answer `prefetch` started for `load` while still fresh and in the language requests now
 * carry, else a new request; handed out once. The language can change before the screen takes
 * it (the site's default language applied on a first visit), and content is per language. */
export const prefetched = <T>(load: Load<T>): Promise<T> => {
  const held = warm.get(load);
  warm.delete(load);
  return held && Date.now() - held.at < FRESH_MS && held.locale === requestLocale()
    ? (held.answer as Promise<T>)
    : load();
};
