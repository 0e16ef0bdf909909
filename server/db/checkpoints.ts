import { Worker } from 'node:worker_threads';

/** Starts the checkpoint thread for a SQLite file (see checkpointWorker.mjs); the connection that
 * writes should then leave checkpoints to it (`wal_autocheckpoint = 0`). */
export const startCheckpoints = (file: string, onError: (message: string) => void, intervalMs = 100) => {
  const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), {
    workerData: { file, intervalMs },
  });
  worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
  worker.on('error', (err) => onError(String(err)));
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
};
