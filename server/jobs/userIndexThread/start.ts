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

/**
 * Starts the index by owner's catch-up for a SQLite file (`scheduleUserIndex`) on a thread of its
 * own, with a connection that writes only the index's file (ownerIndexFile.ts): its rounds no longer
 * hold the books' write lock, nor their thread. Failures are reported and the rounds go on.
 */
export const startUserIndexThread = (file: string, onError: (err: unknown) => void) => {
  const worker = tsWorker(new URL('./boot.mjs', import.meta.url), {
    workerData: { file, niceness: NICENESS } satisfies UserIndexThreadData,
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (m: { error: string }) => onError(new Error(m.error)));
  worker.on('error', onError);
  worker.unref();
  return {
    /** Resolves once the round under way, if any, has finished and the thread has ended. */
    stop: () => {
      worker.postMessage('stop');
      return exited;
    },
  };
};
