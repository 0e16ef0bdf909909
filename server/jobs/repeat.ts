/**
 * Runs `round` after `firstAfterMs` and then every `everyMs`, one round at a time: a round still
 * running when the next is due makes that one skip instead of overlapping it. A failed round is
 * reported and the next goes on. The timers never keep the process alive; the returned function
 * stops them.
 */
export const repeat = (
  round: () => Promise<void>,
  opts: { everyMs: number; firstAfterMs?: number; onError?: (err: unknown) => void },
): (() => void) => {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (err) {
      opts.onError?.(err);
    } finally {
      running = false;
    }
  };
  const first = opts.firstAfterMs ? setTimeout(() => void run(), opts.firstAfterMs) : undefined;
  if (!first) void run();
  const timer = setInterval(() => void run(), opts.everyMs);
  first?.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
};
