import { tsWorker } from '../../threads/tsWorker';

export interface UserIndexThreadData {
  file: string;
  niceness: number;
}

/**
 * Below the server's other threads: a round of the catch-up is a few milliseconds of work that
 * nobody waits for, and on two cores it would otherwise take its share from the books and the HTTP
 * layer, which answers wait for.
 */
const NICENESS = 10;

/** The pause before a thread that ended unasked is started again: a fault that strikes again at
 * once (the index's file unreadable) must not spin. */
const RESTART_AFTER_MS = 1000;

/**
 * Starts the index by owner's catch-up for a SQLite file (`scheduleUserIndex`) on a thread of its
 * own, with a connection that writes only the index's file (ownerIndexFile.ts): its rounds no longer
 * hold the books' write lock, nor their thread. A failed round is reported and the rounds go on; a
 * thread that ends unasked is reported and started again. Until it catches up, listings read the
 * rows it has not indexed from the tables themselves: slower, never wrong.
 */
export const startUserIndexThread = (file: string, onError: (err: unknown) => void) => {
  let stopping = false;
  let exited = Promise.resolve();
  let worker: ReturnType<typeof tsWorker> | undefined;
  const start = () => {
    const w = tsWorker(new URL('./boot.mjs', import.meta.url), {
      workerData: { file, niceness: NICENESS } satisfies UserIndexThreadData,
    });
    worker = w;
    exited = new Promise<void>((resolve) =>
      w.once('exit', (code) => {
        resolve();
        if (stopping) return;
        onError(new Error(`the index by owner's thread ended (${code}); starting it again`));
        setTimeout(() => stopping || start(), RESTART_AFTER_MS).unref();
      }),
    );
    w.on('message', (m: { error: string }) => onError(new Error(m.error)));
    w.on('error', onError);
    w.unref();
  };
  start();
  return {
    /** Resolves once the round under way, if any, has finished and the thread has ended. */
    stop: () => {
      stopping = true;
      // Held until it ends: whoever waits for the stop must not see the process end first.
      worker?.ref();
      worker?.postMessage('stop');
      return exited;
    },
  };
};
