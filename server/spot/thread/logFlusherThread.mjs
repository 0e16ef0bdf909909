// Plain JavaScript: a worker thread does not get the TypeScript loader the server runs under.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { currentLog } from '../../db/walFile.mjs';
import { ASKED, FLUSHED, STOP } from './logFlushSlots.mjs';

/**
 * Flushes the write-ahead log whenever the spot thread asks, and tells up to which of its writes
 * the log is on disk (logFlusher.ts). It does nothing else: between flushes it sleeps in
 * `Atomics.wait` until the spot thread stores a new count, and a count stored during a flush is
 * flushed as soon as that one ends. A failure is told to the main thread, which stops the server
 * (`haltOnFlushFailure`), and nothing more is flushed here.
 */
const { walFile, shared } = workerData;
const counts = new BigInt64Array(shared);
/** How long it sleeps at most before it looks again whether to stop: a stop stored just before it
 * began to sleep wakes nothing. */
const NAP_MS = 50;

let fd;
let flushed = Atomics.load(counts, FLUSHED);
while (Atomics.load(counts, STOP) === 0n) {
  const asked = Atomics.load(counts, ASKED);
  if (asked === flushed) {
    Atomics.wait(counts, ASKED, asked, NAP_MS);
    continue;
  }
  try {
    const log = currentLog(walFile, fd);
    if (fd !== undefined && log !== fd) fs.closeSync(fd);
    fd = log;
    // Every write counted up to `asked` ended before it was stored there, so before this begins.
    fs.fdatasyncSync(fd);
  } catch (err) {
    parentPort.postMessage({ failed: String(err) });
    break;
  }
  flushed = asked;
  Atomics.store(counts, FLUSHED, flushed);
  Atomics.notify(counts, FLUSHED);
}
if (fd !== undefined) fs.closeSync(fd);
