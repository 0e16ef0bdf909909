import { Worker } from 'node:worker_threads';

/** Starts the checkpoint thread for a SQLite file (see checkpointWorker.mjs). The connection that
 * writes should then raise its own checkpoint threshold far above what the thread lets the log
 * reach (openSqlite keeps it as a last resort). */
export const startCheckpoints = (file: string, onError: (message: string) => void, intervalMs = 100) => {
  const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), {
    workerData: { file, intervalMs },
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
  worker.on('error', (err) => onError(String(err)));
  worker.unref();
  return {
    /** Resolves once the thread has closed its connection and ended (at once if it already had). */
    stop: () => {
      worker.postMessage('stop');
      return exited;
    },
  };
};
