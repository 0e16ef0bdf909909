// Plain JavaScript: a worker thread does not get the TypeScript loader the server runs under.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * The server's checkpoints, on their own thread and connection: copies the write-ahead log into
 * the database file every `intervalMs`, passive (it never waits for the writer nor holds it up).
 * Run inside COMMIT, as SQLite does by default, each one held the event loop for two disk flushes
 * and megabytes of copying, tens of milliseconds every few seconds under load.
 */
const { file, intervalMs } = workerData;
const db = new SQLite(file);
db.pragma('busy_timeout = 1000');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort?.postMessage({ error: String(err) });
  }
}, intervalMs);

parentPort?.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
