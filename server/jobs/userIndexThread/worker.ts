import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openOwnerIndexWriter } from '../../db/connect';
import { scheduleUserIndex } from '../userIndex';
import type { UserIndexThreadData } from './start';

/** The index by owner's catch-up on a SQLite file, on a thread and connection of its own (start.ts). */
const { file, niceness } = workerData as UserIndexThreadData;
const port = parentPort!;
// This thread alone: Linux sets a thread's priority, and a process's other threads keep theirs.
setPriority(0, niceness);
const db = openOwnerIndexWriter(file);
const stop = scheduleUserIndex(db, {
  onError: (err) =>
    port.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
});
port.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  void stop()
    .then(() => db.close())
    .finally(() => port.close());
});
